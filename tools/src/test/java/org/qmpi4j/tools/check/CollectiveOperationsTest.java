package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.tools.testing.FakeMpi;

/**
 * How the collective check tells operations apart: by identity with the binding's predefined ones,
 * whatever their classes. MPJ Express makes {@code MPI.SUM}, {@code MPI.MAX}, ... instances of
 * subclasses of its {@code mpi.Op} ({@code mpi.Sum}, {@code mpi.Max}); Open MPI's are all of class
 * {@code mpi.Op}; a user-defined operation is an {@code Op} in both.
 */
class CollectiveOperationsTest {
    /** Stand-ins for MPJ Express' classes of operations. */
    static class Op {}

    static final class Sum extends Op {}

    static final class Max extends Op {}

    /** A datatype: any other binding object. */
    static final class Datatype {}

    private static FakeMpi.Call reduce(Object op) {
        Datatype type = new Datatype();
        return new FakeMpi.Call(MpiFunction.MPI_ALLREDUCE, new CallingAddress("App", "main", "App.java", 10))
                .args(new int[1], 0, new int[1], 0, 1, type, op);
    }

    @Test
    void predefinedOperationsOfSubclassesAreToldApartAndAUserOneIsSeen() {
        Sum sum = new Sum();
        Max max = new Max();
        Map<Object, Integer> ops = new IdentityHashMap<>();
        ops.put(max, 1);
        ops.put(sum, 3);
        Class<?> op = CollectiveCheck.operationClass(ops.keySet());
        assertThat(op).isEqualTo(Op.class);

        assertThat(CollectiveCheck.operationCode(reduce(sum), ops, op)).isEqualTo(3);
        assertThat(CollectiveCheck.operationCode(reduce(max), ops, op)).isEqualTo(1);
        assertThat(CollectiveCheck.operationCode(reduce(new Op()), ops, op)).isEqualTo(CollectiveCheck.USER_OP);
        assertThat(CollectiveCheck.operationCode(
                        new FakeMpi.Call(MpiFunction.MPI_BCAST, new CallingAddress("App", "main", "App.java", 11))
                                .args(new int[1], 0, 1, new Datatype(), 0),
                        ops,
                        op))
                .as("no operation")
                .isZero();
    }

    @Test
    void operationsOfOneClassAsOpenMpisAreToo() {
        Op sum = new Op();
        Op max = new Op();
        Map<Object, Integer> ops = new IdentityHashMap<>();
        ops.put(max, 1);
        ops.put(sum, 3);
        Class<?> op = CollectiveCheck.operationClass(ops.keySet());
        assertThat(op).isEqualTo(Op.class);
        assertThat(CollectiveCheck.operationCode(reduce(sum), ops, op)).isEqualTo(3);
        assertThat(CollectiveCheck.operationCode(reduce(new Op()), ops, op)).isEqualTo(CollectiveCheck.USER_OP);
    }

    @Test
    void predefinedObjectsOfUnrelatedClassesGiveNoClassOfOperations() {
        assertThat(CollectiveCheck.operationClass(List.of(new Sum(), new Datatype())))
                .isNull();
        assertThat(CollectiveCheck.operationClass(List.of())).isNull();
    }
}
