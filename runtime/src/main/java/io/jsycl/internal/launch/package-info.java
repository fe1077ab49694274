/**
 * From a command group to a kernel on a device: the record a {@link io.jsycl.Handler} makes
 * ({@link io.jsycl.internal.launch.CommandGroupRecord}, with its sealed kinds of launch), the identification and
 * lowering of kernel lambdas ({@link io.jsycl.internal.launch.KernelLambdas},
 * {@link io.jsycl.internal.launch.LoweringCache}), their captures bound once per submit
 * ({@link io.jsycl.internal.launch.BoundCapture}), build options and kernel objects
 * ({@link io.jsycl.internal.launch.QueueKernels}), launch settings and specializations, kernel arguments, checked
 * kernels' records, and the launches a queue's launch thread enqueues.
 *
 * <p>Imports {@code platform}, {@code event} and {@code memory}; never {@code host} or {@code schedule}.
 */
package io.jsycl.internal.launch;
