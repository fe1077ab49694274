/**
 * The host device: runs a command group's kernel on the JVM, one thread per work-item where work-items of a group
 * meet at barriers ({@link io.jsycl.internal.host.HostNdExecutor}), with group and sub-group algorithms, atomics on
 * host arrays and the values of specialization constants. It is the reference the OpenCL devices are tested against.
 *
 * <p>Imports {@code platform}, {@code event}, {@code memory} and {@code launch} (the command group record); never
 * {@code schedule}, which decides when a host command group runs.
 */
package io.jsycl.internal.host;
