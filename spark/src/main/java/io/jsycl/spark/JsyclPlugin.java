package io.jsycl.spark;

import org.apache.spark.api.plugin.DriverPlugin;
import org.apache.spark.api.plugin.ExecutorPlugin;
import org.apache.spark.api.plugin.SparkPlugin;

/**
 * Closes an executor's jsycl queues and contexts when the executor stops ({@code spark.plugins=io.jsycl.spark.JsyclPlugin}),
 * rather than at the JVM's exit: a driver's exit handlers then find nothing of jsycl's still in use.
 */
public final class JsyclPlugin implements SparkPlugin {
    /** The plugin, as Spark makes it from {@code spark.plugins}. */
    public JsyclPlugin() {
    }

    @Override
    public DriverPlugin driverPlugin() {
        return null;
    }

    @Override
    public ExecutorPlugin executorPlugin() {
        return new ExecutorPlugin() {
            @Override
            public void shutdown() {
                ExecutorDevices.closeAll();
            }
        };
    }
}
