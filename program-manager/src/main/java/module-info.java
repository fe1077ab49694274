/** Builds OpenCL programs once: per-context kernel and program cache, persistent binary cache. */
module io.jsycl.program {
    requires transitive io.jsycl.opencl;
    exports io.jsycl.program;
}
