/** The jsycl command line: devices, kernels, run, cache. */
module io.jsycl.cli {
    requires io.jsycl.runtime;
    requires io.jsycl.samples;
    requires io.jsycl.lowering;
    requires io.jsycl.program;
    requires org.objectweb.asm;
    requires org.objectweb.asm.tree;
    exports io.jsycl.cli;
}
