package org.qmpi4j.samples.mpj;

import mpi.MPI;
import mpi.Status;

/**
 * A receive shorter than its array, printed whole ({@code SHORT-RECEIVE} lines, by rank 1): the
 * mpiJava 1.2 form of the Open MPI sample of the same name. A run under the agent must print the
 * same as a run without it, whatever the tools sent or received in between.
 */
public final class ShortReceive {
    private static final int LENGTH = 256;

    private ShortReceive() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        char[] chars = new char[LENGTH];
        byte[] bytes = new byte[LENGTH];
        if (rank == 0) {
            for (int i = 0; i < LENGTH; i++) {
                chars[i] = (char) ('a' + i % 26);
                bytes[i] = (byte) i;
            }
            MPI.COMM_WORLD.Send(chars, 0, LENGTH, MPI.CHAR, 1, 1);
            MPI.COMM_WORLD.Send(bytes, 0, LENGTH, MPI.BYTE, 1, 1);
        } else if (rank == 1) {
            MPI.COMM_WORLD.Recv(chars, 0, LENGTH, MPI.CHAR, 0, 1);
            MPI.COMM_WORLD.Recv(bytes, 0, LENGTH, MPI.BYTE, 0, 1);
        }
        MPI.COMM_WORLD.Barrier();
        int[] sum = new int[1];
        MPI.COMM_WORLD.Allreduce(new int[] {rank + 1}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
        if (rank == 0) {
            MPI.COMM_WORLD.Send("hello".toCharArray(), 0, 5, MPI.CHAR, 1, 2);
            MPI.COMM_WORLD.Send(new byte[] {7, 7, 7}, 0, 3, MPI.BYTE, 1, 2);
        } else if (rank == 1) {
            char[] text = new char[LENGTH];
            Status s = MPI.COMM_WORLD.Recv(text, 0, LENGTH, MPI.CHAR, 0, 2);
            int n = s.Get_count(MPI.CHAR);
            print("char", n, new String(text, 0, n), tail(text, n));
            byte[] data = new byte[LENGTH];
            s = MPI.COMM_WORLD.Recv(data, 0, LENGTH, MPI.BYTE, 0, 2);
            n = s.Get_count(MPI.BYTE);
            print("byte", n, "", tail(data, n));
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
