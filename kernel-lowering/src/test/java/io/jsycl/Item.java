package io.jsycl;

/** Test double of the runtime's {@code Item}: same name and methods, so lambdas compile alike. */
public interface Item {
    int id(int dimension);

    int range(int dimension);

    long linearId();

    int dimensions();
}
