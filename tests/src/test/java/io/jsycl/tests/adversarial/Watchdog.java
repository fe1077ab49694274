package io.jsycl.tests.adversarial;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * Fails a test that does not end within its limit, with every thread's stack in the failure, instead of letting a
 * hang stall the build. The test body runs on a daemon thread of its own; when the limit passes, the stacks of all
 * threads are printed and attached to the failure, the test thread is interrupted and left behind (a hung thread
 * cannot be killed, but it no longer holds up the run).
 *
 * <p>Put {@code @Watchdog.Limit(seconds = 5)} on a test class or method; a method's limit wins over its class's.
 */
public final class Watchdog implements InvocationInterceptor {

    /** The longest a test may run before the watchdog fails it. */
    @Target({ElementType.TYPE, ElementType.METHOD})
    @Retention(RetentionPolicy.RUNTIME)
    @ExtendWith(Watchdog.class)
    public @interface Limit {
        /** Seconds the test may take. */
        long seconds();
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
            ExtensionContext extensionContext) throws Throwable {
        guard(invocation, extensionContext);
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> invocationContext, ExtensionContext extensionContext) throws Throwable {
        guard(invocation, extensionContext);
    }

    private static void guard(Invocation<Void> invocation, ExtensionContext context) throws Throwable {
        long seconds = limitOf(context);
        FutureTask<Void> body = new FutureTask<>(() -> {
            try {
                invocation.proceed();
            } catch (Exception | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new ExecutionException(t);
            }
            return null;
        });
        Thread runner = Thread.ofPlatform().daemon().name("watchdog-test " + context.getDisplayName()).unstarted(body);
        runner.start();
        try {
            body.get(seconds, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof ExecutionException inner && inner.getCause() != null ? inner.getCause() : cause;
        } catch (TimeoutException e) {
            String stacks = allStacks();
            System.err.println("watchdog: " + context.getDisplayName() + " still running after " + seconds + " s\n"
                    + stacks);
            runner.interrupt();
            throw new AssertionError(context.getRequiredTestMethod().getName() + " hung: still running after "
                    + seconds + " s (every thread's stack follows)\n" + stacks);
        }
    }

    private static long limitOf(ExtensionContext context) {
        Limit onMethod = context.getRequiredTestMethod().getAnnotation(Limit.class);
        if (onMethod != null) {
            return onMethod.seconds();
        }
        for (Class<?> c = context.getRequiredTestClass(); c != null; c = c.getEnclosingClass()) {
            Limit onClass = c.getAnnotation(Limit.class);
            if (onClass != null) {
                return onClass.seconds();
            }
        }
        return 60;
    }

    /** Every live thread's name, state and stack, as {@code jstack} would print them. */
    static String allStacks() {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            Thread t = e.getKey();
            out.append('"').append(t.getName()).append("\" ").append(t.getState()).append('\n');
            for (StackTraceElement frame : e.getValue()) {
                out.append("    at ").append(frame).append('\n');
            }
        }
        return out.toString();
    }
}
