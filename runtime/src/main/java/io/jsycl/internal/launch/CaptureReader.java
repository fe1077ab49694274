package io.jsycl.internal.launch;

import static java.lang.constant.ConstantDescs.CD_MethodHandle;
import static java.lang.constant.ConstantDescs.CD_MethodHandles;
import static java.lang.constant.ConstantDescs.CD_Object;
import static java.lang.constant.ConstantDescs.CD_int;
import static java.lang.constant.ConstantDescs.CD_void;

import java.lang.classfile.ClassFile;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.DirectMethodHandleDesc;
import java.lang.constant.DynamicConstantDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.util.List;

/**
 * Reads one lambda class's captured values, boxed, in order: what a submit reads first. Made per lambda class
 * ({@link #of}) as a hidden class whose {@link #read} invokes each field's getter as a constant (the getters are the
 * class's class data), so that once the JIT compiles it the getters inline to plain field reads. Invoked from one
 * array of getters, each call was an indirect call through the getter's method handle: 0.3 µs for a kernel's dozen
 * captures on the development machine, the largest step of a repeated submit. Until the JIT compiles a new kernel's
 * reader, the interpreter runs it with the same compiled getters the array held, at the same cost as before.
 */
abstract class CaptureReader {
    /** The class data's constant {@code i}: {@code MethodHandles.classDataAt(lookup, name, type, i)}. */
    private static final DirectMethodHandleDesc CLASS_DATA_AT = ConstantDescs.ofConstantBootstrap(CD_MethodHandles,
            "classDataAt", CD_Object, CD_int);

    CaptureReader() {
    }

    /**
     * The captured values of {@code kernel}, an instance of the lambda class this reader was made for.
     *
     * @throws Throwable what a getter throws (nothing, for a lambda's fields)
     */
    abstract Object[] read(Object kernel) throws Throwable;

    /**
     * A reader invoking {@code getters} in order, each {@code (Object) Object} (the lambda, to its boxed value).
     *
     * @throws IllegalStateException where the hidden class cannot be defined (the caller then keeps the getters)
     */
    static CaptureReader of(MethodHandle[] getters) {
        ClassDesc self = ClassDesc.of(CaptureReader.class.getPackageName() + ".CapturesOfLambda");
        ClassDesc reader = ClassDesc.of(CaptureReader.class.getName());
        MethodTypeDesc getterType = MethodTypeDesc.of(CD_Object, CD_Object);
        byte[] bytes = ClassFile.of().build(self, cb -> cb
                .withFlags(ClassFile.ACC_FINAL | ClassFile.ACC_SUPER)
                .withSuperclass(reader)
                .withMethodBody(ConstantDescs.INIT_NAME, MethodTypeDesc.of(CD_void), 0, code -> code
                        .aload(0)
                        .invokespecial(reader, ConstantDescs.INIT_NAME, MethodTypeDesc.of(CD_void))
                        .return_())
                .withMethodBody("read", MethodTypeDesc.of(CD_Object.arrayType(), CD_Object), 0,
                        code -> {
                            code.ldc(getters.length).anewarray(CD_Object).astore(2);
                            for (int i = 0; i < getters.length; i++) {
                                code.aload(2).ldc(i)
                                        .ldc(DynamicConstantDesc.ofNamed(CLASS_DATA_AT, ConstantDescs.DEFAULT_NAME,
                                                CD_MethodHandle, i))
                                        .aload(1)
                                        .invokevirtual(CD_MethodHandle, "invokeExact", getterType)
                                        .aastore();
                            }
                            code.aload(2).areturn();
                        }));
        try {
            MethodHandles.Lookup hidden = MethodHandles.lookup()
                    .defineHiddenClassWithClassData(bytes, List.of(getters), true);
            return (CaptureReader) hidden.findConstructor(hidden.lookupClass(),
                    java.lang.invoke.MethodType.methodType(void.class)).invoke();
        } catch (Throwable e) {
            throw new IllegalStateException("cannot define a capture reader", e);
        }
    }
}
