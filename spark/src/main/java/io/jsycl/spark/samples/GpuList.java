package io.jsycl.spark.samples;

import io.jsycl.Device;
import io.jsycl.GpuAddresses;

/**
 * Prints the host's GPU addresses (PCI bus ids, in PCI order), separated by spaces, for a script that gives each
 * Spark worker one of them (spark/bench/standalone.sh).
 */
public final class GpuList {
    private GpuList() {
    }

    /**
     * Prints the addresses.
     *
     * @param args none
     */
    public static void main(String[] args) {
        var b = new StringBuilder();
        int i = 0;
        for (Device d : GpuAddresses.gpus()) {
            b.append(b.isEmpty() ? "" : " ").append(d.pciBusId().orElse(Integer.toString(i)));
            i++;
        }
        System.out.println(b);
    }
}
