package io.jsycl.internal.event;

/** Where a command stands, as {@link io.jsycl.Event.Status} reports it to the user. */
public enum CommandStatus {
    /** Submitted, waiting for its dependencies or the device. */
    SUBMITTED,
    /** Running on the device. */
    RUNNING,
    /** Finished. */
    COMPLETE,
    /** Failed (a checked kernel that recorded a failure too). */
    FAILED
}
