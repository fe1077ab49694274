/** Runnable jsycl programs to copy from. */
module io.jsycl.samples {
    requires io.jsycl.runtime;
    requires java.desktop;
    exports io.jsycl.samples;
}
