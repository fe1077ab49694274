package io.jsycl.spark;

import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.DeviceSelector;
import io.jsycl.GpuAddresses;
import io.jsycl.Queue;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.resource.ResourceInformation;
import org.apache.spark.TaskContext;

/**
 * The jsycl devices of an executor JVM: one context and one queue per device, made by the first task that uses the
 * device and kept across tasks (building a kernel once per executor, then from jsycl's disk cache, which is
 * node-local), closed when the executor stops ({@link JsyclPlugin}) or the JVM exits.
 *
 * <p>The device of a task is the GPU Spark assigned it ({@code spark.task.resource.gpu.amount}): its first
 * {@code gpu} resource address, either a PCI bus id (what {@code jsycl devices --spark-resources} reports, in any of
 * nvidia-smi's forms) or an index into the host's GPUs in PCI order (what NVIDIA's example discovery script
 * reports). A task without a GPU resource (local mode, or no GPU scheduling) uses jsycl's default device.
 */
public final class ExecutorDevices {
    private record Held(Context context, Queue queue) {
    }

    private static final Map<Device, Held> HELD = new ConcurrentHashMap<>();
    /**
     * Spark's own logging (SLF4J): a Spark executor drops what goes through {@code System.Logger} (java.util.logging
     * there has no handler), so the executor's log would not say which device it uses.
     */
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ExecutorDevices.class);

    static {
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(ExecutorDevices::closeAll));
    }

    private ExecutorDevices() {
    }

    /**
     * The queue of the current task's device, made on the executor's first use of it.
     *
     * @return the queue; shared by the tasks on the device, which may submit to it concurrently
     */
    public static Queue queueForCurrentTask() {
        return queueFor(deviceForCurrentTask());
    }

    /**
     * The executor's queue on {@code device}.
     *
     * @param device an OpenCL device or the host device
     * @return the queue, made on first use
     */
    public static Queue queueFor(Device device) {
        return HELD.computeIfAbsent(device, d -> {
            // One line per executor and device: which GPU a worker's address gave, in the executor's log.
            LOG.info("jsycl: a context on {} (PCI bus id {}) for this executor's tasks", d,
                    d.pciBusId().orElse("unknown"));
            var context = new Context(d);
            return new Held(context, new Queue(context, d));
        }).queue();
    }

    /**
     * The device of the current Spark task: its GPU resource where it has one, else jsycl's default device.
     *
     * @return the device
     */
    public static Device deviceForCurrentTask() {
        TaskContext task = TaskContext.get();
        if (task != null) {
            ResourceInformation gpu = task.resourcesJMap().get("gpu");
            if (gpu != null && gpu.addresses().length > 0) {
                return GpuAddresses.resolve(gpu.addresses()[0], GpuAddresses.gpus());
            }
        }
        return Device.select(DeviceSelector.DEFAULT);
    }

    /** Closes every queue and context the executor made (it stops). Safe to call twice. */
    public static void closeAll() {
        for (var e : HELD.entrySet()) {
            if (HELD.remove(e.getKey(), e.getValue())) {
                try {
                    e.getValue().queue().close();
                } finally {
                    e.getValue().context().close();
                }
            }
        }
    }
}
