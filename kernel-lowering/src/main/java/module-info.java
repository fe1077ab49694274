/** Lowers kernel lambdas' bytecode to OpenCL C. Pure Java, no native code. */
module io.jsycl.lowering {
    requires org.objectweb.asm;
    requires org.objectweb.asm.tree;
    requires org.objectweb.asm.tree.analysis;
    exports io.jsycl.lowering;
}
