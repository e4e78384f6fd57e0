package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.Nullable;

/**
 * Whether a program reads the status a call returned, read from the bytecode of the calling
 * method ({@code message_race}'s heuristic): each method of {@link Calls} makes its call on its first
 * line, the way the corpus programs do.
 */
class StatusUseTest {
    /** What a binding's status stands for here. */
    static final class Status {
        int source;
    }

    /** Calls as programs make them; each method's call is on its first line. */
    @SuppressWarnings("unused")
    static final class Calls {
        static Status recv() {
            return new Status();
        }

        static Status[] waitAll() {
            return new Status[1];
        }

        static void waitFor() {}

        static void dropped() {
            recv();
        }

        static int readAtOnce() {
            return recv().source;
        }

        static int storedAndRead() {
            Status st = recv();
            return st.source + 1;
        }

        static void storedNeverRead() {
            Status st = recv();
            System.out.println("done");
        }

        static void noStatusReturned() {
            waitFor();
        }

        static void droppedDataStored(int[] got, int[] buf, int i) {
            recv();
            got[i] = buf[0];
        }

        static void droppedDataIgnored(int[] buf, int n) {
            for (int i = 0; i < n; i++) {
                recv();
            }
        }

        static int arrayRead() {
            Status[] all = waitAll();
            return all.length;
        }
    }

    private static byte[] bytes() throws IOException {
        try (InputStream in = Calls.class.getResourceAsStream("StatusUseTest$Calls.class")) {
            return java.util.Objects.requireNonNull(in, "the class file of Calls")
                    .readAllBytes();
        }
    }

    /** The first line of {@code method} in {@link Calls}. */
    private static int firstLine(String method) throws IOException {
        int[] line = {-1};
        new ClassReader(bytes())
                .accept(
                        new ClassVisitor(Opcodes.ASM9) {
                            @Override
                            public @Nullable MethodVisitor visitMethod(
                                    int access, String name, String d, @Nullable String s, @Nullable String[] e) {
                                if (!name.equals(method)) {
                                    return null;
                                }
                                return new MethodVisitor(Opcodes.ASM9) {
                                    @Override
                                    public void visitLineNumber(int number, Label start) {
                                        if (line[0] < 0) {
                                            line[0] = number;
                                        }
                                    }
                                };
                            }
                        },
                        0);
        return line[0];
    }

    private static StatusUse.Use use(String method) throws IOException {
        return StatusUse.of(
                bytes(), method, firstLine(method), Status.class.getName().replace('.', '/'));
    }

    @Test
    void aDroppedStatusIsNotRead() throws IOException {
        assertThat(use("dropped")).isEqualTo(StatusUse.Use.NOT_READ);
    }

    @Test
    void aStatusStoredAndNeverLoadedIsNotRead() throws IOException {
        assertThat(use("storedNeverRead")).isEqualTo(StatusUse.Use.NOT_READ);
    }

    @Test
    void aCallThatReturnsNoStatusLeavesNoneToRead() throws IOException {
        assertThat(use("noStatusReturned")).isEqualTo(StatusUse.Use.NOT_READ);
    }

    @Test
    void aStatusReadAtOnceStoredAndLoadedOrAnArrayOfThemIsRead() throws IOException {
        assertThat(use("readAtOnce")).isEqualTo(StatusUse.Use.READ);
        assertThat(use("storedAndRead")).isEqualTo(StatusUse.Use.READ);
        assertThat(use("arrayRead")).isEqualTo(StatusUse.Use.READ);
    }

    /** The data looked at right after the call (an array element read before the next jump), or not. */
    @Test
    void dataLookedAtRightAfterTheCallIsSeen() throws IOException {
        String status = Status.class.getName().replace('.', '/');
        StatusUse.Verdict stored = StatusUse.scan(bytes(), "droppedDataStored", firstLine("droppedDataStored"), status);
        assertThat(stored.status).isEqualTo(StatusUse.Use.NOT_READ);
        assertThat(stored.dataLookedAt).isTrue();
        int loopLine = firstLine("droppedDataIgnored") + 1; // the call inside the loop
        StatusUse.Verdict ignored = StatusUse.scan(bytes(), "droppedDataIgnored", loopLine, status);
        assertThat(ignored.status).isEqualTo(StatusUse.Use.NOT_READ);
        assertThat(ignored.dataLookedAt).isFalse();
    }

    @Test
    void aSiteWhoseClassIsNotFoundIsTakenAsRead() {
        CallingAddress nowhere = new CallingAddress("org.example.Absent", "main", "Absent.java", 3);
        assertThat(StatusUse.at(nowhere, Status.class)).isEqualTo(StatusUse.Use.UNKNOWN);
        CallingAddress here = new CallingAddress(Calls.class.getName(), "dropped", null, -1);
        assertThat(StatusUse.at(here, Status.class)).isEqualTo(StatusUse.Use.UNKNOWN);
    }
}
