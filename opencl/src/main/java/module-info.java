/** FFM bindings to OpenCL 3.0 and the checked layer above them. */
module io.jsycl.opencl {
    exports io.jsycl.opencl;
    exports io.jsycl.opencl.bindings;
}
