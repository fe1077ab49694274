package io.jsycl.spark.samples;

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
        System.out.println(String.join(" ", GpuAddresses.addresses()));
    }
}
