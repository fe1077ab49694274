package io.jsycl.bench;

import com.aparapi.Kernel;
import com.aparapi.ProfileInfo;
import com.aparapi.Range;
import com.aparapi.device.Device;
import com.aparapi.device.OpenCLDevice;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Aparapi 3.0.2 as a baseline in the suite: the Aparapi row under each workload's row, on the OpenCL device the
 * table is for.
 *
 * <ul>
 *   <li>Device: Aparapi's own list of OpenCL devices of the table device's type (so {@code --device gpu} gives an
 *       NVIDIA GPU on the GPU host, never PoCL), matched by device and platform name.</li>
 *   <li>Kernel time: device time of the kernel from Aparapi's profiling API ({@link Kernel#getProfileInfo()}: the
 *       OpenCL profiling events of the last execute, entries of type X, end − start), which Aparapi gives in
 *       explicit mode with {@code -Dcom.aparapi.enableProfiling=true}; this class sets that property before Aparapi
 *       reads it. Inputs are put once, then {@code warmup + repeats} executes (the first builds the program), then
 *       the outputs are read back and compared with the hand-written path's like the jsycl rows.</li>
 *   <li>End to end: host wall clock of put inputs, execute, get outputs on the same kernel instance (explicit mode:
 *       Aparapi's cheapest transfers; no rebuild). Aparapi keeps the device buffers of a kernel's arrays between
 *       executes and has no call that only releases them ({@code cleanUpArrays} re-executes on the default device),
 *       so unlike the other two paths its end-to-end time does not include allocating and releasing buffers for
 *       arrays it already holds.</li>
 *   <li>Fallback: Aparapi runs a kernel it cannot translate or build in a Java thread pool instead (JTP) and only logs
 *       why. After each execute {@link #execute} checks {@link Kernel#isRunningCL()} and
 *       {@link Kernel#getTargetDevice()}; if the kernel left the OpenCL device the row reads "fell back to Java:
 *       <Aparapi's last warning>", never a time.</li>
 * </ul>
 */
final class AparapiBaseline {
    static {
        // Read once by com.aparapi.Config's static initializer: set before any Aparapi class is initialized.
        System.setProperty("com.aparapi.enableProfiling", "true");
    }

    /** The warnings Aparapi logged during the last execute: the reason it gives for a fallback to Java. */
    private static final LastWarning LAST_WARNING = LastWarning.install();

    final OpenCLDevice device;

    private AparapiBaseline(OpenCLDevice device) {
        this.device = device;
    }

    /** The Aparapi device that is {@code d}: same type, device name and platform name. */
    static AparapiBaseline open(io.jsycl.Device d) {
        Device.TYPE type = switch (d.type()) {
            case GPU -> Device.TYPE.GPU;
            case CPU -> Device.TYPE.CPU;
            default -> Device.TYPE.ACC;
        };
        List<OpenCLDevice> all = OpenCLDevice.listDevices(type);
        for (OpenCLDevice c : all) {
            if (c.getName().trim().equals(d.name().trim())
                    && c.getOpenCLPlatform().getName().trim().equals(d.platform().name().trim())) {
                return new AparapiBaseline(c);
            }
        }
        throw new IllegalStateException("Aparapi lists no " + type + " device named '" + d.name() + "' on platform '"
                + d.platform().name() + "'; it lists " + all.stream().map(c -> c.getName() + " ("
                + c.getOpenCLPlatform().getName() + ")").toList() + ". Check that aparapi-jni loaded (its log) and "
                + "that the OpenCL ICD for that platform is installed");
    }

    /** "NAME (PLATFORM)" of the device Aparapi runs on. */
    String describe() {
        return device.getName().trim() + " (" + device.getOpenCLPlatform().getName().trim() + ")";
    }

    /** Thrown when Aparapi ran a kernel in Java instead of on the OpenCL device. */
    static final class FellBackToJava extends RuntimeException {
        private static final long serialVersionUID = 1L;

        FellBackToJava(String reason) {
            super(reason);
        }
    }

    /**
     * Executes {@code k} over {@code r} and returns the kernel's device time in ns (Aparapi's profiling events of
     * type X), after checking that it ran on this device with OpenCL.
     */
    long execute(Kernel k, Range r) {
        LAST_WARNING.clear();
        try {
            k.execute(r);
        } catch (AssertionError e) {
            // Aparapi 3.0.2 asserts when, after a failed OpenCL build, it falls back to the Java thread pool with a
            // range made for this device ("user supplied Device incompatible with current EXECUTION_MODE").
            String why = LAST_WARNING.get();
            throw new FellBackToJava(why != null ? why : String.valueOf(e.getMessage()));
        }
        if (!k.isRunningCL() || !device.equals(k.getTargetDevice())) {
            String why = LAST_WARNING.get();
            throw new FellBackToJava((why == null ? "no reason logged" : why) + " (execution mode "
                    + k.getExecutionMode() + ", target " + shortName(k.getTargetDevice()) + ")");
        }
        List<ProfileInfo> infos = k.getProfileInfo();
        if (infos == null) {
            throw new IllegalStateException("Aparapi gave no profiling info for " + k.getClass().getSimpleName()
                    + ": it needs explicit mode (setExplicit(true)) and -Dcom.aparapi.enableProfiling=true before "
                    + "its first use");
        }
        long ns = 0;
        for (ProfileInfo p : infos) {
            if (String.valueOf(p.getType()).equals("X")) {
                ns += p.getEnd() - p.getStart();
            }
        }
        return ns;
    }

    private static String shortName(Device d) {
        return d == null ? "none" : d instanceof OpenCLDevice o ? o.getName().trim() : d.getShortDescription();
    }

    /** Keeps the WARNINGs (or worse) logged under {@code com.aparapi} since the last {@link #clear()}. */
    private static final class LastWarning extends Handler {
        // Held here: java.util.logging keeps loggers weakly, and a collected logger loses its handler.
        private static Logger logger;
        private volatile String last;

        static LastWarning install() {
            var h = new LastWarning();
            h.setLevel(Level.WARNING);
            logger = Logger.getLogger("com.aparapi");
            logger.addHandler(h);
            return h;
        }

        @Override
        public void publish(LogRecord r) {
            // "unexpected Attribute (name = NestHost)": every nested kernel class; Aparapi skips it and goes on.
            if (r.getLevel().intValue() >= Level.WARNING.intValue()
                    && !String.valueOf(r.getMessage()).startsWith("Found unexpected Attribute")) {
                String m = r.getMessage() == null ? "" : r.getParameters() == null ? r.getMessage()
                        : java.text.MessageFormat.format(r.getMessage(), r.getParameters());
                if (r.getThrown() != null) {
                    m += (m.isEmpty() ? "" : ": ") + r.getThrown();
                }
                m = m.replace('\n', ' ').trim();
                // The first warning says why (e.g. "OpenCL compile failed"), later ones what Aparapi tried next.
                last = last == null ? m : last + "; " + m;
            }
        }

        void clear() {
            last = null;
        }

        String get() {
            return last;
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
