/** The jsycl user API: queues, buffers, accessors and kernels written as Java lambdas. */
module io.jsycl.runtime {
    requires io.jsycl.opencl;
    requires io.jsycl.lowering;
    requires io.jsycl.program;
    exports io.jsycl;
    exports io.jsycl.algorithms;
}
