package org.qmpi4j.samples.openmpi.features;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * A receive shorter than its array, printed whole, as teaching programs do: rank 0 first fills
 * rank 1's arrays with a full message, then, after a barrier and an allreduce (collectives that
 * the {@code check} tool accompanies with messages of its own), sends a short one. Rank 1 prints
 * what it received and every element past the received count ({@code SHORT-RECEIVE} lines).
 *
 * <p>Open MPI's binding copies the whole array back from a native buffer it reuses, so what lies
 * past the count is whatever that buffer held before; a run under the agent must print the same
 * as a run without it, whatever the tools sent or received in between.
 */
public final class ShortReceive {
    private static final int LENGTH = 256;

    private ShortReceive() {}

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        char[] chars = new char[LENGTH];
        byte[] bytes = new byte[LENGTH];
        if (rank == 0) {
            for (int i = 0; i < LENGTH; i++) {
                chars[i] = (char) ('a' + i % 26);
                bytes[i] = (byte) i;
            }
            MPI.COMM_WORLD.send(chars, LENGTH, MPI.CHAR, 1, 1);
            MPI.COMM_WORLD.send(bytes, LENGTH, MPI.BYTE, 1, 1);
        } else if (rank == 1) {
            MPI.COMM_WORLD.recv(chars, LENGTH, MPI.CHAR, 0, 1);
            MPI.COMM_WORLD.recv(bytes, LENGTH, MPI.BYTE, 0, 1);
        }
        MPI.COMM_WORLD.barrier();
        int[] sum = new int[1];
        MPI.COMM_WORLD.allReduce(new int[] {rank + 1}, sum, 1, MPI.INT, MPI.SUM);
        if (rank == 0) {
            MPI.COMM_WORLD.send("hello".toCharArray(), 5, MPI.CHAR, 1, 2);
            MPI.COMM_WORLD.send(new byte[] {7, 7, 7}, 3, MPI.BYTE, 1, 2);
        } else if (rank == 1) {
            char[] text = new char[LENGTH];
            Status s = MPI.COMM_WORLD.recv(text, LENGTH, MPI.CHAR, 0, 2);
            print(
                    "char",
                    s.getCount(MPI.CHAR),
                    new String(text, 0, s.getCount(MPI.CHAR)),
                    tail(text, s.getCount(MPI.CHAR)));
            byte[] data = new byte[LENGTH];
            s = MPI.COMM_WORLD.recv(data, LENGTH, MPI.BYTE, 0, 2);
            print("byte", s.getCount(MPI.BYTE), "", tail(data, s.getCount(MPI.BYTE)));
        }
        MPI.Finalize();
    }

    private static void print(String type, int count, String text, String tail) {
        System.out.println("SHORT-RECEIVE " + type + " count=" + count + " text=" + text + " tail=" + tail);
    }

    private static String tail(char[] a, int from) {
        StringBuilder b = new StringBuilder();
        for (int i = from; i < a.length; i++) {
            b.append(Integer.toHexString(a[i])).append(' ');
        }
        return b.toString().trim();
    }

    private static String tail(byte[] a, int from) {
        StringBuilder b = new StringBuilder();
        for (int i = from; i < a.length; i++) {
            b.append(Integer.toHexString(a[i] & 0xff)).append(' ');
        }
        return b.toString().trim();
    }
}
