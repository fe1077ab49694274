package io.jsycl.internal.event;

/**
 * The context a device command's event belongs to, as this layer sees it: by identity only. Events of one context
 * can join each other's OpenCL wait lists; any other event is waited for on the host. What a context is lives a layer
 * up ({@link io.jsycl.internal.memory.ContextImpl}, the one implementation).
 */
public interface EventContext {
}
