package io.jsycl;

import java.util.ArrayList;
import java.util.List;

/**
 * The host's GPUs as cluster schedulers name them (Spark's resource scheduling, Kubernetes' device plugins): by PCI
 * bus id, or by index in PCI order, the order of nvidia-smi and {@code CUDA_VISIBLE_DEVICES}. The discovery JSON a
 * Spark worker reads ({@link #discoveryJson()}, which {@code jsycl devices --spark-resources} prints), and the GPU an
 * assigned address names ({@link #resolve}).
 */
public final class GpuAddresses {
    private GpuAddresses() {
    }

    /**
     * The host's GPUs, in PCI order (the order of nvidia-smi and of {@code jsycl devices}).
     *
     * @return the GPUs, possibly none
     */
    public static List<Device> gpus() {
        var gpus = new ArrayList<Device>();
        for (Device d : Device.all()) {
            if (d.type() == DeviceType.GPU) {
                gpus.add(d);
            }
        }
        return gpus;
    }

    /**
     * Spark's resource discovery JSON for this host's GPUs, each named by its PCI bus id (its index where the driver
     * gives none), in PCI order: what a worker's {@code spark.worker.resource.gpu.discoveryScript} prints.
     *
     * @return e.g. {@code {"name":"gpu","addresses":["0000:1b:00.0","0000:1c:00.0"]}}
     */
    public static String discoveryJson() {
        var b = new StringBuilder("{\"name\":\"gpu\",\"addresses\":[");
        List<String> addresses = addresses();
        for (int i = 0; i < addresses.size(); i++) {
            b.append(i == 0 ? "" : ",").append('"').append(addresses.get(i)).append('"');
        }
        return b.append("]}").toString();
    }

    /**
     * The host's GPUs' addresses, in PCI order: each GPU's PCI bus id, or its index where the driver gives none.
     *
     * @return the addresses, possibly none
     */
    public static List<String> addresses() {
        List<Device> gpus = gpus();
        var addresses = new ArrayList<String>(gpus.size());
        for (int i = 0; i < gpus.size(); i++) {
            addresses.add(gpus.get(i).pciBusId().orElse(Integer.toString(i)));
        }
        return addresses;
    }

    /**
     * The GPU a Spark resource address names.
     *
     * @param address a PCI bus id ({@code 0000:1b:00.0}, {@code 00000000:1B:00.0}, {@code 1b:00.0}) or an index into
     *        {@code gpus}
     * @param gpus the host's GPUs in PCI order
     * @return the device
     * @throws IllegalArgumentException if no GPU has that address, with the GPUs there are
     */
    public static Device resolve(String address, List<Device> gpus) {
        String a = address.trim();
        if (!a.isEmpty() && a.chars().allMatch(Character::isDigit)) {
            int i = Integer.parseInt(a);
            if (i < gpus.size()) {
                return gpus.get(i);
            }
        } else if (a.contains(":")) {
            DeviceSelector byPci = DeviceSelector.pciBusId(a);
            for (Device d : gpus) {
                if (byPci.score(d) >= 0) {
                    return d;
                }
            }
        }
        throw new IllegalArgumentException("Spark assigned GPU '" + address + "', which names none of this host's GPUs "
                + describe(gpus) + "; a GPU address is a PCI bus id or an index in PCI order (jsycl devices "
                + "--spark-resources prints them for the discovery script)");
    }

    private static String describe(List<Device> gpus) {
        var b = new StringBuilder("[");
        for (int i = 0; i < gpus.size(); i++) {
            Device d = gpus.get(i);
            b.append(i == 0 ? "" : ", ").append(i).append(": ").append(d.name())
                    .append(d.pciBusId().map(p -> " at " + p).orElse(""));
        }
        return b.append(']').toString();
    }
}
