package org.qmpi4j.agent.internal.chain;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.qmpi4j.agent.internal.access.BindingAccess;
import org.qmpi4j.agent.internal.access.BindingMethod;
import org.qmpi4j.agent.internal.binding.BindingCatalog;
import org.qmpi4j.agent.internal.binding.BindingDescriptor;
import org.qmpi4j.agent.internal.binding.MethodMapping;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * A tool's own calls of the binding ({@code Qmpi.pmpi}, the name-shifted entry): the receiver and
 * arguments reach the binding's method in order, made at the agent's own address; a call allocates
 * nothing once its function was called (the checker makes several per message), and keeps no
 * reference to what it passed once it returned.
 */
class OwnCallsTest {
    private static final BindingDescriptor OPENMPI =
            Objects.requireNonNull(BindingCatalog.load().descriptor("openmpi"));

    /** {@code Comm.send(buf, count, type, dest, tag)}: the receiver and five arguments, no allocation. */
    private static final class Send implements BindingMethod {
        final MethodMapping mapping = Objects.requireNonNull(OPENMPI.canonical(MpiFunction.MPI_SEND));
        long calls;
        long sum;

        @Nullable
        CallingAddress madeAt;

        @Nullable
        Object lastBuffer;

        @Override
        public MethodMapping mapping() {
            return mapping;
        }

        @Override
        public MethodHandle bindingHandle() {
            try {
                return MethodHandles.lookup()
                        .bind(this, "callBinding", MethodType.methodType(Object.class, Object[].class));
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }

        @Override
        public Object callBinding(Object[] args) {
            calls++;
            sum += (Integer) args[2] + (Integer) args[4] + (Integer) args[5];
            lastBuffer = args[1];
            return Boolean.TRUE;
        }
    }

    private final Send send = new Send();
    private final ToolRegistry registry = new ToolRegistry();
    private final QmpiBackendImpl backend = new QmpiBackendImpl(registry, NoJvmMpit.INSTANCE, BindingCatalog.load());
    private int toolId = -1;

    OwnCallsTest() {
        MpiProcess process = MpiProcessBuilder.of(OPENMPI, getClass().getClassLoader())
                .faults(new ToolFaults(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)))
                .tools(registry)
                .access(new BindingAccess() {
                    @Override
                    public long datatypeSize(Object datatype) {
                        return 4;
                    }

                    @Override
                    public BindingMethod canonical(MpiFunction function, @Nullable CallingAddress where) {
                        assertThat(function).isEqualTo(MpiFunction.MPI_SEND);
                        send.madeAt = where;
                        return send;
                    }

                    @Override
                    public Object constant(String name) {
                        throw new IllegalArgumentException(name);
                    }
                })
                .build();
        registry.register("own", id -> toolId = id, "own");
        process.initializeTools(List.of("own"), "test");
    }

    @Test
    void theReceiverAndArgumentsReachTheBindingInOrderFromTheAgentsOwnAddress() throws Exception {
        Object comm = new Object();
        int[] buf = new int[3];
        Object returned = backend.pmpi(toolId, MpiFunction.MPI_SEND, comm, buf, 3, "INT", 1, 9);

        assertThat(returned).isEqualTo(Boolean.TRUE);
        assertThat(send.calls).isOne();
        assertThat(send.sum).isEqualTo(3 + 1 + 9);
        assertThat(send.lastBuffer).isSameAs(buf);
        assertThat(send.madeAt).isSameAs(MpiProcess.OWN_CALL);
        assertThat(backend.takesReceiver(toolId, MpiFunction.MPI_SEND)).isTrue();
    }

    @Test
    void aCallAllocatesNothingOnceItsFunctionWasCalled() throws Exception {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        Object comm = new Object();
        int[] buf = new int[3];
        Integer count = 3;
        Integer dest = 1;
        Integer tag = 9;
        Object[] args = {buf, count, "INT", dest, tag};
        long fewest = Long.MAX_VALUE;
        for (int run = 0; run < 5; run++) { // the first runs warm up and compile
            long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
            for (int i = 0; i < 100_000; i++) {
                backend.pmpi(toolId, MpiFunction.MPI_SEND, comm, args);
            }
            fewest = Math.min(
                    fewest,
                    threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before);
        }
        assertThat(send.calls).isEqualTo(500_000);
        // One object per call would be at least 1.6 MB here. The JVM's own work in a run may show
        // as a few bytes (80 once), so the quietest run counts, against 0.4 % of that.
        assertThat(fewest)
                .as("bytes allocated by 100,000 own calls, the fewest of 5 runs")
                .isLessThan(100_000 / 16);
    }

    @Test
    void aCallKeepsNoReferenceToWhatItPassedOnceItReturned() throws Exception {
        Object comm = new Object();
        byte[] big = new byte[1 << 20];
        WeakReference<byte[]> passed = new WeakReference<>(big);
        backend.pmpi(toolId, MpiFunction.MPI_SEND, comm, big, 3, "BYTE", 1, 9);
        send.lastBuffer = null;
        big = null;
        for (int i = 0; i < 10 && passed.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertThat(passed.get()).as("the buffer, once the call returned").isNull();
    }
}
