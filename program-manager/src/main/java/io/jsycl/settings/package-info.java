/**
 * jsycl's settings: environment variables overridden by system properties, and the one parser of their values. The
 * runtime's settings and the program manager's cache settings are both read through {@link
 * io.jsycl.settings.SettingSource}. Not an API: the module exports it to the runtime and the command line only.
 */
package io.jsycl.settings;
