package io.jsycl;

import java.util.Objects;

/** Row-major index arithmetic over a shape, every index checked against its extent (the host side of accessors). */
final class Indexer {
    private final int dims;
    private final int r0;
    private final int r1;
    private final int r2;
    private final int length;

    Indexer(Range shape) {
        this.dims = shape.dimensions();
        this.r0 = shape.get(0);
        this.r1 = dims > 1 ? shape.get(1) : 1;
        this.r2 = dims > 2 ? shape.get(2) : 1;
        this.length = Math.toIntExact(shape.size());
    }

    int length() {
        return length;
    }

    int index(int i) {
        return Objects.checkIndex(i, length);
    }

    int index(int i, int j) {
        if (dims != 2) {
            throw new IndexOutOfBoundsException("2 indices on a " + dims + "-D accessor");
        }
        return Objects.checkIndex(i, r0) * r1 + Objects.checkIndex(j, r1);
    }

    int index(int i, int j, int k) {
        if (dims != 3) {
            throw new IndexOutOfBoundsException("3 indices on a " + dims + "-D accessor");
        }
        return (Objects.checkIndex(i, r0) * r1 + Objects.checkIndex(j, r1)) * r2 + Objects.checkIndex(k, r2);
    }

    int index(Id id) {
        return switch (id.dimensions()) {
            case 1 -> index(id.get(0));
            case 2 -> index(id.get(0), id.get(1));
            default -> index(id.get(0), id.get(1), id.get(2));
        };
    }
}
