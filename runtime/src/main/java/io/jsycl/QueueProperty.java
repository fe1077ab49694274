package io.jsycl;

/** Options of a {@link Queue}. */
public enum QueueProperty {
    /** Run command groups in submission order instead of only by their data dependencies. */
    IN_ORDER,
    /** Record device timestamps: {@link Event#profile()}. */
    ENABLE_PROFILING
}
