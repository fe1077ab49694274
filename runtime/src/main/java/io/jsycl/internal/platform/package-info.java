/**
 * The bottom layer of the runtime's implementation: the settings ({@link io.jsycl.internal.platform.Settings}, every
 * {@code JSYCL_*} variable and {@code jsycl.*} property read once), what a {@link io.jsycl.Device} is a handle to
 * ({@link io.jsycl.internal.platform.DeviceImpl}), the default device selector, and the traces the settings switch
 * on (scheduler, first submit, kernel profile).
 *
 * <p>Layers of {@code io.jsycl.internal}, bottom to top: {@code platform}, {@code event}, {@code memory},
 * {@code launch}, {@code host}, {@code schedule}. A package imports only the packages below it (and the public API
 * {@code io.jsycl}, the modules the runtime requires and the JDK); Javadoc that names a class of a higher package
 * names it in full, without an import. This package imports no other package of the runtime's implementation.
 */
package io.jsycl.internal.platform;
