/** Builds OpenCL programs once: per-context kernel and program cache, persistent binary cache. */
@SuppressWarnings("module") // the modules the settings are exported to are built after this one
module io.jsycl.program {
    requires transitive io.jsycl.opencl;
    exports io.jsycl.program;
    exports io.jsycl.settings to io.jsycl.runtime, io.jsycl.cli;
}
