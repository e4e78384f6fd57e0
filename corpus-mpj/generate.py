#!/usr/bin/env python3
"""Writes the MPJ Express programs of the corpus (src/main/java/org/qmpi4j/corpus/mpj/<category>/<Name>.java).

The same corpus as ../corpus (docs/corpus.md), in MPJ Express' mpiJava 1.2 API: `Send(buf, offset,
count, type, dest, tag)`, capitalised methods, Java arrays everywhere. Each program is one small MPI
program, with one error or none. A line carrying the error ends in `// ERROR`; the header's `expect:`
line names the rule and those lines. After `mvn spotless:apply` moves lines, `generate.py
--fix-headers` recomputes the header's lines from the markers (MpjCorpusHeadersTest fails when they
disagree). The header format and its two steps are those of ../corpus/generate.py, shared with it
in ../corpus/corpus_files.py.
Run from the corpus-mpj folder: python3 generate.py && mvn spotless:apply && python3 generate.py --fix-headers

What mpiJava 1.2 and MPJ Express 0.44 cannot express, so not here: a request freed (no
Request.Free), one-sided communication, nonblocking collectives, thread-level misuse (initThread
is a stub, queryThread always says MPI_THREAD_MULTIPLE), MPI.PROC_NULL as a peer (MPJ 0.44 does
not implement it: a send to it ends the job), buffering that hides a send-send cycle (the
multicore device buffers nothing, so such cycles hang), and, since every free() is a no-op, an
object that fails once freed (the call works; check still reports it).
"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "corpus"))
import corpus_files

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "src/main/java/org/qmpi4j/corpus/mpj")
PROGRAMS = []

def prog(category, name, expect, intent, body, ranks=2, helpers=""):
    PROGRAMS.append(dict(category=category, name=name, expect=expect, intent=intent, body=body,
                         ranks=ranks, helpers=helpers))

indent = corpus_files.indent

def refused(call, what="MPJ refused"):
    """`call` inside a try whose catch prints MPJ's refusal: MPJ throws where Open MPI returns an error."""
    return f"""try {{
{indent(call, 4)}
}} catch (Exception refused) {{
    System.out.println("{what}: " + refused);
}}"""

TYPES = {  # name: (java array, MPI datatype, bytes)
    "Int": ("int", "MPI.INT", 4), "Double": ("double", "MPI.DOUBLE", 8), "Long": ("long", "MPI.LONG", 8),
    "Float": ("float", "MPI.FLOAT", 4), "Short": ("short", "MPI.SHORT", 2), "Byte": ("byte", "MPI.BYTE", 1),
    "Char": ("char", "MPI.CHAR", 2),
}

# ---------------------------------------------------------------- parameter matching
PM = "parammatching"
for t in ["Int", "Double", "Long", "Byte", "Char"]:
    jt, mt, b = TYPES[t]
    prog(PM, f"Matched{t}", None, f"rank 0 sends 4 {mt} and rank 1 receives 4 {mt}: types match",
         f"""{jt}[] buf = new {jt}[4];
if (rank == 0) {{
    world.Send(buf, 0, 4, {mt}, 1, 3);
}} else if (rank == 1) {{
    world.Recv(buf, 0, 4, {mt}, 0, 3);
}}""")
for (s, r) in [("Int", "Double"), ("Int", "Float"), ("Long", "Double"), ("Short", "Char"),
               ("Byte", "Long"), ("Float", "Int")]:
    js, ms, bs = TYPES[s]; jr, mr, br = TYPES[r]
    n = 8; m = n * bs // br
    prog(PM, f"{s}As{r}", "type_mismatch", f"rank 0 sends {n} {ms}, rank 1 receives the same bytes as {m} {mr}",
         f"""if (rank == 0) {{
    {js}[] out = new {js}[{n}];
    world.Send(out, 0, {n}, {ms}, 1, 5); // ERROR
}} else if (rank == 1) {{
    {jr}[] in = new {jr}[{m}];
{indent(refused(f"world.Recv(in, 0, {m}, {mr}, 0, 5); // ERROR"), 4)}
}}""")
for t in ["Int", "Double"]:
    jt, mt, b = TYPES[t]
    prog(PM, f"Truncated{t}", "truncation", f"rank 0 sends 6 {mt}, rank 1 posts a receive for 4",
         f"""{jt}[] buf = new {jt}[6];
if (rank == 0) {{
    world.Send(buf, 0, 6, {mt}, 1, 7);
}} else if (rank == 1) {{
{indent(refused(f"world.Recv(buf, 0, 4, {mt}, 0, 7); // ERROR"), 4)}
}}""")
    prog(PM, f"LargerReceive{t}", None, f"rank 1 receives into room for 10 {mt} a message of 3: allowed, the status says 3",
         f"""{jt}[] buf = new {jt}[10];
if (rank == 0) {{
    world.Send(buf, 0, 3, {mt}, 1, 7);
}} else if (rank == 1) {{
    Status st = world.Recv(buf, 0, 10, {mt}, 0, 7);
    System.out.println("received " + st.Get_count({mt}));
}}""")
COLL_BAD = [
    ("BcastRoots", "ranks broadcast from different roots", """int[] buf = {rank};
world.Bcast(buf, 0, 1, MPI.INT, rank == 0 ? 0 : 1); // ERROR"""),
    ("ReduceOps", "ranks reduce with different operations", """int[] in = {rank};
int[] out = new int[1];
world.Reduce(in, 0, out, 0, 1, MPI.INT, rank == 0 ? MPI.SUM : MPI.MAX, 0); // ERROR"""),
    ("AllreduceMinMax", "rank 0 allreduces with MPI.MIN, the others with MPI.MAX (two predefined operations of MPJ's subclasses of Op)", """int[] in = {rank};
int[] out = new int[1];
world.Allreduce(in, 0, out, 0, 1, MPI.INT, rank == 0 ? MPI.MIN : MPI.MAX); // ERROR"""),
    ("AllreduceCounts", "ranks allreduce different counts", """int[] in = new int[4];
int[] out = new int[4];
world.Allreduce(in, 0, out, 0, rank == 0 ? 4 : 2, MPI.INT, MPI.SUM); // ERROR"""),
    ("AllreduceTypes", "ranks allreduce ints on one rank and floats on the other", """if (rank == 0) {
    int[] in = {1};
    int[] out = new int[1];
    world.Allreduce(in, 0, out, 0, 1, MPI.INT, MPI.SUM); // ERROR
} else {
    float[] in = {1f};
    float[] out = new float[1];
    world.Allreduce(in, 0, out, 0, 1, MPI.FLOAT, MPI.SUM); // ERROR
}"""),
    ("BarrierVersusBcast", "rank 0 enters a barrier while the others broadcast", """int[] buf = {1};
if (rank == 0) {
    world.Barrier(); // ERROR
} else {
    world.Bcast(buf, 0, 1, MPI.INT, 0); // ERROR
}"""),
    ("ReduceRoots", "ranks reduce to different roots", """double[] in = {rank};
double[] out = new double[1];
world.Reduce(in, 0, out, 0, 1, MPI.DOUBLE, MPI.SUM, rank == 0 ? 0 : 1); // ERROR"""),
    ("GatherCounts", "ranks gather different counts", """int[] in = new int[2];
int[] out = new int[2 * size];
world.Gather(in, 0, rank == 0 ? 2 : 1, MPI.INT, out, 0, 2, MPI.INT, 0); // ERROR"""),
]
for name, intent, body in COLL_BAD:
    prog(PM, f"Collective{name}", "collective_mismatch", intent, body)
COLL_OK = [
    ("Bcast", "every rank broadcasts from rank 0", "int[] buf = {rank};\nworld.Bcast(buf, 0, 1, MPI.INT, 0);"),
    ("ReduceLastRoot", "every rank reduces to the last rank", "int[] in = {rank};\nint[] out = new int[1];\nworld.Reduce(in, 0, out, 0, 1, MPI.INT, MPI.SUM, size - 1);"),
    ("Allreduce", "every rank allreduces 3 doubles", "double[] in = new double[3];\ndouble[] out = new double[3];\nworld.Allreduce(in, 0, out, 0, 3, MPI.DOUBLE, MPI.MAX);"),
    ("Gather", "every rank gathers 2 ints at rank 0", "int[] in = new int[2];\nint[] out = new int[2 * size];\nworld.Gather(in, 0, 2, MPI.INT, out, 0, 2, MPI.INT, 0);"),
    ("Scatter", "rank 0 scatters 2 ints to each", "int[] in = new int[2 * size];\nint[] out = new int[2];\nworld.Scatter(in, 0, 2, MPI.INT, out, 0, 2, MPI.INT, 0);"),
    ("Allgather", "every rank allgathers a long", "long[] in = {rank};\nlong[] out = new long[size];\nworld.Allgather(in, 0, 1, MPI.LONG, out, 0, 1, MPI.LONG);"),
    ("Alltoall", "every rank exchanges one int with each", "int[] in = new int[size];\nint[] out = new int[size];\nworld.Alltoall(in, 0, 1, MPI.INT, out, 0, 1, MPI.INT);"),
    ("GathervCounts", "ranks gatherv one int each, at displacements of 2: counts and places agree",
     "int[] in = {rank};\nint[] out = new int[2 * size];\nint[] counts = new int[size];\nint[] displs = new int[size];\nfor (int i = 0; i < size; i++) {\n    counts[i] = 1;\n    displs[i] = 2 * i;\n}\nworld.Gatherv(in, 0, 1, MPI.INT, out, 0, counts, displs, MPI.INT, 0);"),
    ("ReduceSameOps", "every rank reduces with MPI.PROD, then allreduces with MPI.MIN: the same predefined operations everywhere",
     "int[] in = {rank + 1};\nint[] out = new int[1];\nworld.Reduce(in, 0, out, 0, 1, MPI.INT, MPI.PROD, 0);\nworld.Allreduce(in, 0, out, 0, 1, MPI.INT, MPI.MIN);"),
    ("ReduceIntoOffset", "every rank reduces 2 ints from offset 1 into offset 2 of its result array",
     "int[] in = {9, rank, rank};\nint[] out = new int[4];\nworld.Reduce(in, 1, out, 2, 2, MPI.INT, MPI.SUM, 0);"),
]
for name, intent, body in COLL_OK:
    prog(PM, f"Collective{name}", None, intent, body, ranks=3)
prog(PM, "GathervCountsDisagree", "collective_mismatch", "rank 1 sends 2 ints to a gatherv whose root expects 1 from it",
     """int[] in = new int[2];
int[] out = new int[4];
int[] counts = {1, 1};
int[] displs = {0, 1};
""" + refused("world.Gatherv(in, 0, rank == 0 ? 1 : 2, MPI.INT, out, 0, counts, displs, MPI.INT, 0); // ERROR"))
prog(PM, "DerivedTypeMap", "type_mismatch", "rank 0 sends a contiguous type of 2 ints, rank 1 receives one double (same size, another type map)",
     """if (rank == 0) {
    Datatype pair = Datatype.Contiguous(2, MPI.INT);
    pair.Commit();
    int[] out = {1, 2};
    world.Send(out, 0, 1, pair, 1, 4); // ERROR
    pair.free();
} else if (rank == 1) {
    double[] in = new double[1];
""" + indent(refused("world.Recv(in, 0, 1, MPI.DOUBLE, 0, 4); // ERROR"), 4) + "\n}")
prog(PM, "DerivedTypeSameSignature", None, "rank 0 sends one contiguous type of 4 ints, rank 1 receives 4 ints: the same type signature",
     """int[] buf = new int[4];
if (rank == 0) {
    Datatype four = Datatype.Contiguous(4, MPI.INT);
    four.Commit();
    world.Send(buf, 0, 1, four, 1, 4);
    four.free();
} else if (rank == 1) {
    world.Recv(buf, 0, 4, MPI.INT, 0, 4);
}""")
prog(PM, "VectorColumn", None, "rank 0 sends a column of a 3x3 matrix as one vector type, rank 1 receives 3 ints",
     """int[] matrix = new int[9];
if (rank == 0) {
    Datatype column = Datatype.Vector(3, 1, 3, MPI.INT);
    column.Commit();
    world.Send(matrix, 1, 1, column, 1, 4);
    column.free();
} else if (rank == 1) {
    world.Recv(matrix, 0, 3, MPI.INT, 0, 4);
}""")

# ---------------------------------------------------------------- invalid parameter
IP = "invalidparam"
BAD_ARGS = [
    ("SendDestOutOfRange", "rank 0 sends to rank `size`", "world.Send(buf, 0, 1, MPI.INT, size, 0); // ERROR"),
    ("SendDestNegative", "rank 0 sends to rank -7", "world.Send(buf, 0, 1, MPI.INT, -7, 0); // ERROR"),
    ("RecvSourceOutOfRange", "rank 0 receives from rank `size`", "world.Recv(buf, 0, 1, MPI.INT, size, 0); // ERROR"),
    ("SendNegativeTag", "rank 0 sends with tag -3", "world.Send(buf, 0, 1, MPI.INT, 1, -3); // ERROR"),
    ("SendNegativeCount", "rank 0 sends -1 elements", "world.Send(buf, 0, -1, MPI.INT, 1, 0); // ERROR"),
    ("IsendDestOutOfRange", "rank 0 starts a nonblocking send to rank size + 3",
     "world.Isend(buf, 0, 1, MPI.INT, size + 3, 0).Wait(); // ERROR"),
    ("SsendDestOutOfRange", "rank 0 sends synchronously to rank `size`", "world.Ssend(buf, 0, 1, MPI.INT, size, 0); // ERROR"),
]
for name, intent, call in BAD_ARGS:
    prog(IP, name, "invalid_argument", intent, f"""int[] buf = new int[1];
if (rank == 0) {{
{indent(refused(call), 4)}
}}
world.Barrier();""")
prog(IP, "BcastRootOutOfRange", "invalid_argument", "every rank broadcasts from root `size`",
     "int[] buf = new int[1];\n" + refused("world.Bcast(buf, 0, 1, MPI.INT, size); // ERROR"))
prog(IP, "ReduceRootNegative", "invalid_argument", "every rank reduces to root -9",
     "int[] in = new int[1];\nint[] out = new int[1];\n" + refused("world.Reduce(in, 0, out, 0, 1, MPI.INT, MPI.SUM, -9); // ERROR"))
prog(IP, "UseFreedComm", "object_used_after_free", "rank 0 frees the communicator it split, then asks it its size (MPJ's Free does nothing, so it answers)",
     """Intracomm copy = world.Split(0, rank);
copy.Barrier();
if (rank == 0) {
    copy.Free(); // ERROR
    System.out.println("rank 0 still sees " + copy.Size() + " ranks"); // ERROR
} else {
    copy.Free();
}""")
prog(IP, "UseFreedDatatype", "object_used_after_free", "rank 0 frees a contiguous type and then sends with it",
     """int[] buf = new int[2];
Datatype pair = Datatype.Contiguous(2, MPI.INT);
pair.Commit();
if (rank == 0) {
    pair.free(); // ERROR
    world.Send(buf, 0, 1, pair, 1, 2); // ERROR
} else if (rank == 1) {
    world.Recv(buf, 0, 1, pair, 0, 2);
    pair.free();
}""")
prog(IP, "FreeGroupTwice", "object_used_after_free", "every rank frees its communicator's group twice",
     """Group g = world.Group();
g.free(); // ERROR
g.free(); // ERROR""")
GOOD_ARGS = [
    ("NonPeriodicShift", "a non-periodic shift: inner ranks Sendrecv, end ranks only send or receive (no MPI.PROC_NULL in MPJ)", "int[] out = {rank};\nint[] in = new int[1];\nif (rank == 0) {\n    world.Send(out, 0, 1, MPI.INT, 1, 2);\n} else if (rank == size - 1) {\n    world.Recv(in, 0, 1, MPI.INT, rank - 1, 2);\n} else {\n    world.Sendrecv(out, 0, 1, MPI.INT, rank + 1, 2, in, 0, 1, MPI.INT, rank - 1, 2);\n}"),
    ("RecvAnyTag", "rank 1 receives with MPI.ANY_TAG", "int[] buf = {1};\nif (rank == 0) {\n    world.Send(buf, 0, 1, MPI.INT, 1, 77);\n} else if (rank == 1) {\n    world.Recv(buf, 0, 1, MPI.INT, 0, MPI.ANY_TAG);\n}"),
    ("ZeroCount", "rank 0 sends 0 elements", "int[] buf = new int[0];\nif (rank == 0) {\n    world.Send(buf, 0, 0, MPI.INT, 1, 1);\n} else if (rank == 1) {\n    world.Recv(buf, 0, 0, MPI.INT, 0, 1);\n}"),
    ("LastRankAsRoot", "every rank broadcasts from the last rank", "int[] buf = {rank};\nworld.Bcast(buf, 0, 1, MPI.INT, size - 1);"),
    ("OffsetPastHalf", "rank 0 sends the last 2 of 6 ints (offset 4), rank 1 receives them at offset 1", "int[] buf = new int[6];\nif (rank == 0) {\n    world.Send(buf, 4, 2, MPI.INT, 1, 1);\n} else if (rank == 1) {\n    world.Recv(buf, 1, 2, MPI.INT, 0, 1);\n}"),
    ("RecvAnySourceAnyTag", "rank 0 receives one message from each other rank with both wildcards", "int[] buf = {rank};\nif (rank == 0) {\n    for (int i = 1; i < size; i++) {\n        world.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);\n    }\n} else {\n    world.Send(buf, 0, 1, MPI.INT, 0, rank);\n}"),
    ("SelfMessage", "each rank sends itself a message with Sendrecv", "int[] out = {rank};\nint[] in = new int[1];\nworld.Sendrecv(out, 0, 1, MPI.INT, rank, 0, in, 0, 1, MPI.INT, rank, 0);"),
]
for name, intent, body in GOOD_ARGS:
    prog(IP, name, None, intent, body, ranks=3 if "Shift" in name or "AnySource" in name else 2)

# ---------------------------------------------------------------- resource leak
RL = "resourceleak"
prog(RL, "LeakedIsend", "request_leak", "rank 0 starts a nonblocking send it never completes (rank 1 receives it)",
     """int[] buf = {rank};
if (rank == 0) {
    world.Isend(buf, 0, 1, MPI.INT, 1, 0); // ERROR
} else if (rank == 1) {
    world.Recv(buf, 0, 1, MPI.INT, 0, 0);
}
world.Barrier();""")
prog(RL, "LeakedIrecv", "request_leak", "rank 1 posts a nonblocking receive it never completes (rank 0 sends to it)",
     """int[] buf = {rank};
if (rank == 0) {
    world.Send(buf, 0, 1, MPI.INT, 1, 0);
} else if (rank == 1) {
    world.Irecv(buf, 0, 1, MPI.INT, 0, 0); // ERROR
}
world.Barrier();""")
prog(RL, "DroppedIrecvOwnArray", "request_leak", "rank 1 drops the request of a receive into an array held nowhere else",
     """if (rank == 0) {
    world.Send(new int[] {7}, 0, 1, MPI.INT, 1, 0);
} else if (rank == 1) {
    world.Irecv(new int[1], 0, 1, MPI.INT, 0, 0); // ERROR
}
world.Barrier();""")
prog(RL, "LeakedPersistentStart", "request_leak", "rank 0 starts a persistent send a second time and never completes it",
     """int[] buf = {rank};
if (rank == 0) {
    Prequest send = world.Send_init(buf, 0, 1, MPI.INT, 1, 0); // ERROR
    send.Start();
    send.Wait();
    send.Start();
} else if (rank == 1) {
    world.Recv(buf, 0, 1, MPI.INT, 0, 0);
    world.Recv(buf, 0, 1, MPI.INT, 0, 0);
}
world.Barrier();""")
prog(RL, "LeakedCommDup", "object_leak", "every rank duplicates COMM_WORLD and never frees the copy",
     """Intracomm copy = (Intracomm) world.clone(); // ERROR
copy.Barrier();""")
prog(RL, "LeakedSplit", "object_leak", "every rank splits COMM_WORLD by parity and never frees the result",
     """Intracomm half = world.Split(rank % 2, rank); // ERROR
half.Barrier();""")
prog(RL, "LeakedGroup", "object_leak", "every rank takes its communicator's group and never frees it",
     """Group g = world.Group(); // ERROR
System.out.println("group of " + g.Size());""")
prog(RL, "LeakedDatatype", "object_leak", "every rank makes and commits a vector type it never frees",
     """Datatype column = Datatype.Vector(2, 1, 2, MPI.INT); // ERROR
column.Commit();
int[] buf = new int[4];
world.Bcast(buf, 0, 1, column, 0);""")
prog(RL, "LeakedUserOp", "object_leak", "every rank makes a user-defined operation (new Op), reduces with it and never frees it",
     """Op op = new Op(new Sum3(), true); // ERROR
int[] in = {rank};
int[] out = new int[1];
world.Allreduce(in, 0, out, 0, 1, MPI.INT, op); // ERROR""", helpers="""
    /** Adds ints, as MPI.SUM would. */
    static final class Sum3 extends User_function {
        @Override
        public void Call(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type) {
            int[] a = (int[]) in;
            int[] b = (int[]) inout;
            for (int i = 0; i < count; i++) {
                b[inoutOffset + i] += a[inOffset + i];
            }
        }
    }
""")
prog(RL, "WaitedIsendIrecv", None, "ranks exchange one int with Isend and Irecv and wait for both",
     """int[] out = {rank};
int[] in = new int[1];
int peer = 1 - rank;
Request[] both = {world.Isend(out, 0, 1, MPI.INT, peer, 0), world.Irecv(in, 0, 1, MPI.INT, peer, 0)};
Request.Waitall(both);""")
prog(RL, "PersistentPairCompleted", None, "persistent send and receive, each started and completed three times (never freed: MPJ cannot free a request)",
     """int[] buf = {0};
Prequest p = rank == 0 ? world.Send_init(buf, 0, 1, MPI.INT, 1, 0) : world.Recv_init(buf, 0, 1, MPI.INT, 0, 0);
for (int i = 0; i < 3; i++) {
    buf[0] = i;
    p.Start();
    p.Wait();
}""")
prog(RL, "CommFreedInFinally", None, "a duplicate of COMM_WORLD freed in a finally block",
     """Intracomm copy = (Intracomm) world.clone();
try {
    copy.Barrier();
} finally {
    copy.Free();
}""")
prog(RL, "SplitFreed", None, "a communicator split by parity, used and freed",
     """Intracomm half = world.Split(rank % 2, rank);
int[] buf = {rank};
half.Bcast(buf, 0, 1, MPI.INT, 0);
half.Free();""", ranks=3)
prog(RL, "GroupFreed", None, "every rank takes its communicator's group, reads its size and frees it",
     """Group g = world.Group();
System.out.println("group of " + g.Size());
g.free();""")
prog(RL, "DatatypeFreedAfterUse", None, "every rank makes a vector type, broadcasts with it and frees it",
     """Datatype column = Datatype.Vector(2, 1, 2, MPI.INT);
column.Commit();
int[] buf = new int[4];
world.Bcast(buf, 0, 1, column, 0);
column.free();""")
prog(RL, "UserOpFreed", None, "a user-defined operation freed after two reductions",
     """Op op = new Op(new Sum3(), true);
int[] in = {rank};
int[] out = new int[1];
world.Allreduce(in, 0, out, 0, 1, MPI.INT, op);
world.Allreduce(in, 0, out, 0, 1, MPI.INT, op);
op.free();""", helpers="""
    /** Adds ints, as MPI.SUM would. */
    static final class Sum3 extends User_function {
        @Override
        public void Call(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type) {
            int[] a = (int[]) in;
            int[] b = (int[]) inout;
            for (int i = 0; i < count; i++) {
                b[inoutOffset + i] += a[inOffset + i];
            }
        }
    }
""")
prog(RL, "CommKeptInField", None, "a duplicate communicator kept in an object's field across calls and freed before Finalize",
     """Exchange x = new Exchange(world);
x.round(rank);
x.round(rank + 1);
x.close();""", helpers="""
    /** Keeps its own communicator for its rounds. */
    static final class Exchange {
        private final Intracomm comm;

        Exchange(Intracomm parent) throws MPIException {
            comm = (Intracomm) parent.clone();
        }

        void round(int value) throws MPIException {
            int[] v = {value};
            comm.Bcast(v, 0, 1, MPI.INT, 0);
        }

        void close() throws MPIException {
            comm.Free();
        }
    }
""")

# ---------------------------------------------------------------- request lifecycle
RQ = "requestlifecycle"
prog(RQ, "StartedNeverCompleted", "request_leak", "rank 1 starts a persistent receive, which is matched, and never waits for it",
     """int[] buf = {rank};
if (rank == 0) {
    world.Send(buf, 0, 1, MPI.INT, 1, 0);
} else if (rank == 1) {
    Prequest p = world.Recv_init(buf, 0, 1, MPI.INT, 0, 0); // ERROR
    p.Start();
}
world.Barrier();""")
prog(RQ, "RestartedWhileActive", "request_misuse", "rank 0 starts a persistent send again before the first start completed",
     """int[] buf = {rank};
if (rank == 0) {
    Prequest p = world.Send_init(buf, 0, 1, MPI.INT, 1, 0);
    p.Start(); // ERROR
""" + indent(refused("p.Start(); // ERROR"), 4) + """
    p.Wait();
} else if (rank == 1) {
    world.Recv(buf, 0, 1, MPI.INT, 0, 0);
    world.Recv(buf, 0, 1, MPI.INT, 0, 0);
}""")
prog(RQ, "StartallWhileActive", "request_misuse", "rank 0 starts two persistent sends with Startall while the first is still active",
     """int[] a = {rank};
int[] b = {rank};
if (rank == 0) {
    Prequest first = world.Send_init(a, 0, 1, MPI.INT, 1, 0);
    Prequest second = world.Send_init(b, 0, 1, MPI.INT, 1, 1);
    first.Start(); // ERROR
    Prequest.Startall(new Prequest[] {first, second}); // ERROR
    first.Wait();
    second.Wait();
} else if (rank == 1) {
    world.Recv(a, 0, 1, MPI.INT, 0, 0);
    world.Recv(a, 0, 1, MPI.INT, 0, 0);
    world.Recv(b, 0, 1, MPI.INT, 0, 1);
}""")
prog(RQ, "StartallNeverWaited", "request_leak", "every rank starts a persistent send and receive with Startall and waits only for the receive",
     """int[] out = {rank};
int[] in = new int[1];
int peer = 1 - rank;
Prequest send = world.Send_init(out, 0, 1, MPI.INT, peer, 0); // ERROR
Prequest recv = world.Recv_init(in, 0, 1, MPI.INT, peer, 0);
Prequest.Startall(new Prequest[] {send, recv});
recv.Wait();
world.Barrier();""")
prog(RQ, "PersistentRestartedAfterWait", None, "a persistent receive restarted after each wait, five rounds",
     """int[] buf = {0};
if (rank == 0) {
    for (int i = 0; i < 5; i++) {
        buf[0] = i;
        world.Send(buf, 0, 1, MPI.INT, 1, 0);
    }
} else if (rank == 1) {
    Prequest p = world.Recv_init(buf, 0, 1, MPI.INT, 0, 0);
    for (int i = 0; i < 5; i++) {
        p.Start();
        p.Wait();
    }
}""")
prog(RQ, "StartallWaitall", None, "every rank starts a persistent send and receive with Startall and completes both with Waitall",
     """int[] out = {rank};
int[] in = new int[1];
int peer = 1 - rank;
Prequest[] both = {world.Send_init(out, 0, 1, MPI.INT, peer, 0), world.Recv_init(in, 0, 1, MPI.INT, peer, 0)};
Prequest.Startall(both);
Request.Waitall(both);""")
prog(RQ, "WaitAgainAfterWait", None, "both ranks wait twice for their requests: MPJ marks a completed request null, so the second Wait returns",
     """int[] buf = {rank};
if (rank == 0) {
    Request r = world.Isend(buf, 0, 1, MPI.INT, 1, 0);
    r.Wait();
    r.Wait();
} else if (rank == 1) {
    Request r = world.Irecv(buf, 0, 1, MPI.INT, 0, 0);
    r.Wait();
    r.Wait();
}""")
prog(RQ, "TestUntilDone", None, "rank 1 tests its nonblocking receive until it completes",
     """int[] buf = {rank};
if (rank == 0) {
    Thread.sleep(200);
    world.Send(buf, 0, 1, MPI.INT, 1, 0);
} else if (rank == 1) {
    Request r = world.Irecv(buf, 0, 1, MPI.INT, 0, 0);
    while (r.Test() == null) {
        Thread.yield();
    }
}""")
prog(RQ, "WaitanyBoth", None, "rank 0 posts receives from ranks 1 and 2 and completes them with two Waitany",
     """int[] buf = new int[2];
if (rank == 0) {
    Request[] rs = {world.Irecv(buf, 0, 1, MPI.INT, 1, 0), world.Irecv(buf, 1, 1, MPI.INT, 2, 0)};
    Request.Waitany(rs);
    Request.Waitany(rs);
} else {
    world.Send(buf, 0, 1, MPI.INT, 0, 0);
}""", ranks=3)

# ---------------------------------------------------------------- local concurrency
LC = "localconcurrency"
for t in ["Int", "Double", "Long", "Byte"]:
    jt, mt, b = TYPES[t]
    prog(LC, f"ModifiedSendBuffer{t}", "buffer_modified", f"rank 0 writes its {jt}[] while its Isend of it is pending",
         f"""{jt}[] buf = new {jt}[4];
if (rank == 0) {{
    Request r = world.Isend(buf, 0, 4, {mt}, 1, 0); // ERROR
    buf[2] = ({jt}) 7; // ERROR
    r.Wait(); // ERROR
}} else if (rank == 1) {{
    world.Recv(buf, 0, 4, {mt}, 0, 0);
}}""")
prog(LC, "ModifiedSendBufferTest", "buffer_modified", "rank 0 writes its buffer between Tests of its pending Isend",
     """int[] buf = new int[4];
if (rank == 0) {
    Request r = world.Isend(buf, 0, 4, MPI.INT, 1, 0); // ERROR
    buf[0] = 5; // ERROR
    while (r.Test() == null) { // ERROR
        Thread.yield();
    }
} else if (rank == 1) {
    world.Recv(buf, 0, 4, MPI.INT, 0, 0);
}""")
prog(LC, "ReadReceiveBeforeWait", "buffer_read_early", "rank 1 reads its Irecv's buffer before waiting for it",
     """int[] buf = new int[1];
if (rank == 0) {
    buf[0] = 42;
    world.Send(buf, 0, 1, MPI.INT, 1, 0);
} else if (rank == 1) {
    Request r = world.Irecv(buf, 0, 1, MPI.INT, 0, 0);
    System.out.println("early read " + buf[0]); // ERROR
    r.Wait();
}""")
prog(LC, "WriteReceiveBeforeWait", "buffer_written_early", "rank 1 writes into its Irecv's buffer before waiting for it",
     """int[] buf = new int[2];
if (rank == 0) {
    world.Send(new int[] {42, 43}, 0, 2, MPI.INT, 1, 0);
} else if (rank == 1) {
    Request r = world.Irecv(buf, 0, 2, MPI.INT, 0, 0); // ERROR
    buf[1] = -1; // ERROR
    r.Wait(); // ERROR
    System.out.println("received " + buf[0] + " " + buf[1]);
}""")
prog(LC, "WriteOutsideReceivedPart", None, "rank 1 writes the half of an array its pending Irecv does not receive into",
     """int[] buf = new int[4];
if (rank == 0) {
    world.Send(new int[] {42, 43}, 0, 2, MPI.INT, 1, 0);
} else if (rank == 1) {
    Request r = world.Irecv(buf, 2, 2, MPI.INT, 0, 0);
    buf[0] = 1;
    buf[1] = 2;
    r.Wait();
    System.out.println("received " + buf[2] + " " + buf[3] + " beside " + buf[0] + " " + buf[1]);
}""")
prog(LC, "OverlappingIrecvs", "overlapping_buffers", "rank 1 posts two Irecvs into overlapping parts of one array",
     """int[] buf = new int[4];
if (rank == 0) {
    world.Send(buf, 0, 3, MPI.INT, 1, 0);
    world.Send(buf, 0, 3, MPI.INT, 1, 1);
} else if (rank == 1) {
    Request a = world.Irecv(buf, 0, 3, MPI.INT, 0, 0); // ERROR
    Request b = world.Irecv(buf, 1, 3, MPI.INT, 0, 1); // ERROR
    Request.Waitall(new Request[] {a, b});
}""")
prog(LC, "IsendAndIrecvSameArray", "overlapping_buffers", "each rank sends from and receives into one array at the same time",
     """int[] buf = new int[4];
int peer = 1 - rank;
Request a = world.Irecv(buf, 0, 4, MPI.INT, peer, 0); // ERROR
Request b = world.Isend(buf, 0, 4, MPI.INT, peer, 0); // ERROR
Request.Waitall(new Request[] {a, b});""")
prog(LC, "RecvIntoPendingIsend", "overlapping_buffers", "each rank receives (blocking) into elements of its own Isend's array still pending",
     """int[] buf = new int[6];
int peer = 1 - rank;
Request r = world.Isend(buf, 0, 4, MPI.INT, peer, 0); // ERROR
world.Recv(buf, 2, 4, MPI.INT, peer, 0); // ERROR
r.Wait();""")
prog(LC, "IsendIrecvDisjointHalves", None, "each rank sends from one half of an array and receives into the other half at once",
     """int[] buf = new int[6];
int peer = 1 - rank;
Request in = world.Irecv(buf, 3, 3, MPI.INT, peer, 0);
Request out = world.Isend(buf, 0, 3, MPI.INT, peer, 0);
Request.Waitall(new Request[] {in, out});""")
prog(LC, "ModifiedAfterWait", None, "rank 0 writes its send buffer only after its Isend completed",
     """int[] buf = new int[4];
if (rank == 0) {
    Request r = world.Isend(buf, 0, 4, MPI.INT, 1, 0);
    r.Wait();
    buf[2] = 7;
} else if (rank == 1) {
    world.Recv(buf, 0, 4, MPI.INT, 0, 0);
}""")
prog(LC, "ModifiedOutsideSentPart", None, "rank 0 writes elements of its array outside the offset and count its pending Isend sends",
     """int[] buf = new int[8];
if (rank == 0) {
    Request r = world.Isend(buf, 2, 3, MPI.INT, 1, 0);
    buf[0] = 1;
    buf[6] = 2;
    r.Wait();
} else if (rank == 1) {
    world.Recv(buf, 0, 3, MPI.INT, 0, 0);
}""")
prog(LC, "DisjointOffsetsOfOneArray", None, "rank 1 posts two Irecvs into disjoint parts of one array (offsets 0 and 3)",
     """int[] buf = new int[6];
if (rank == 0) {
    world.Send(buf, 0, 3, MPI.INT, 1, 0);
    world.Send(buf, 0, 3, MPI.INT, 1, 1);
} else if (rank == 1) {
    Request a = world.Irecv(buf, 0, 3, MPI.INT, 0, 0);
    Request b = world.Irecv(buf, 3, 3, MPI.INT, 0, 1);
    Request.Waitall(new Request[] {a, b});
}""")
prog(LC, "SameBufferTwoIsends", None, "rank 0 sends one array to two ranks with two pending Isends (only reads: allowed)",
     """int[] buf = {1, 2, 3};
if (rank == 0) {
    Request a = world.Isend(buf, 0, 3, MPI.INT, 1, 0);
    Request b = world.Isend(buf, 0, 3, MPI.INT, 2, 0);
    Request.Waitall(new Request[] {a, b});
} else {
    world.Recv(buf, 0, 3, MPI.INT, 0, 0);
}""", ranks=3)

# ---------------------------------------------------------------- call ordering
CO = "callordering"
prog(CO, "RecvRecv", "deadlock", "both ranks receive from each other first",
     """int[] buf = new int[1];
int peer = 1 - rank;
world.Recv(buf, 0, 1, MPI.INT, peer, 7); // ERROR
world.Send(buf, 0, 1, MPI.INT, peer, 7);""")
prog(CO, "RecvRecvRingOfThree", "deadlock", "three ranks each receive from the left before sending to the right",
     """int[] buf = new int[1];
world.Recv(buf, 0, 1, MPI.INT, (rank + size - 1) % size, 7); // ERROR
world.Send(buf, 0, 1, MPI.INT, (rank + 1) % size, 7);""", ranks=3)
prog(CO, "WrongTag", "deadlock", "rank 1 waits for tag 2 while rank 0 sent tag 1 and waits for an answer",
     """int[] buf = new int[1];
if (rank == 0) {
    world.Send(buf, 0, 1, MPI.INT, 1, 1);
    world.Recv(buf, 0, 1, MPI.INT, 1, 3); // ERROR
} else if (rank == 1) {
    world.Recv(buf, 0, 1, MPI.INT, 0, 2); // ERROR
    world.Send(buf, 0, 1, MPI.INT, 0, 3);
}""")
prog(CO, "SsendCycle", "deadlock", "both ranks synchronously send to each other first",
     """int[] buf = new int[1];
int peer = 1 - rank;
world.Ssend(buf, 0, 1, MPI.INT, peer, 7); // ERROR
world.Recv(buf, 0, 1, MPI.INT, peer, 7);""")
prog(CO, "CollectivesSwapped", "collective_mismatch", "rank 0 broadcasts then enters a barrier, rank 1 the other way round",
     """int[] buf = {1};
if (rank == 0) {
    world.Bcast(buf, 0, 1, MPI.INT, 0); // ERROR
    world.Barrier();
} else {
    world.Barrier(); // ERROR
    world.Bcast(buf, 0, 1, MPI.INT, 0);
}""")
prog(CO, "CallAfterFinalize", "call_after_finalize", "every rank asks its rank after MPI.Finalize",
     """MPI.Finalize();
System.out.println("rank after finalize: " + world.Rank()); // ERROR
return;""")
prog(CO, "SendThenRecv", None, "rank 0 sends then receives, rank 1 receives then sends",
     """int[] buf = new int[1];
if (rank == 0) {
    world.Send(buf, 0, 1, MPI.INT, 1, 7);
    world.Recv(buf, 0, 1, MPI.INT, 1, 7);
} else if (rank == 1) {
    world.Recv(buf, 0, 1, MPI.INT, 0, 7);
    world.Send(buf, 0, 1, MPI.INT, 0, 7);
}""")
prog(CO, "SendrecvRing", None, "every rank shifts a value around a periodic ring with Sendrecv",
     """int[] out = {rank};
int[] in = new int[1];
world.Sendrecv(out, 0, 1, MPI.INT, (rank + 1) % size, 1, in, 0, 1, MPI.INT, (rank + size - 1) % size, 1);""", ranks=4)
prog(CO, "SendrecvReplaceRing", None, "every rank shifts a value around a periodic ring with Sendrecv_replace",
     """int[] buf = {rank};
world.Sendrecv_replace(buf, 0, 1, MPI.INT, (rank + 1) % size, 1, (rank + size - 1) % size, 1);""", ranks=3)
prog(CO, "SlowRank", None, "rank 1 sleeps longer than the deadlock timeout before it sends; rank 0 waits",
     """int[] buf = new int[1];
if (rank == 0) {
    world.Recv(buf, 0, 1, MPI.INT, 1, 7);
} else if (rank == 1) {
    Thread.sleep(4000);
    world.Send(buf, 0, 1, MPI.INT, 0, 7);
}""")
prog(CO, "IrecvFirstThenSend", None, "both ranks post an Irecv from each other, then send, then wait",
     """int[] out = {rank};
int[] in = new int[1];
int peer = 1 - rank;
Request r = world.Irecv(in, 0, 1, MPI.INT, peer, 7);
world.Send(out, 0, 1, MPI.INT, peer, 7);
r.Wait();""")
prog(CO, "CollectivesSameOrder", None, "every rank broadcasts, reduces and enters a barrier in the same order",
     """int[] buf = {rank};
int[] sum = new int[1];
world.Bcast(buf, 0, 1, MPI.INT, 0);
world.Reduce(buf, 0, sum, 0, 1, MPI.INT, MPI.SUM, 0);
world.Barrier();""", ranks=3)

# ---------------------------------------------------------------- buffering hazard
BH = "bufferinghazard"
# MPJ's multicore device (smpdev), which the corpus runs on, buffers no standard send: a send
# returns once its receive is posted, so send-first cycles hang at any size (measured), where
# Open MPI's eager protocol (and MPJ's niodev below its eager limit) hides the small ones.
for n in [1, 16]:
    prog(BH, f"SendSend{n}", "deadlock", f"both ranks send {n} int(s) to each other first: MPJ's multicore device buffers no send, so it hangs",
         f"""int[] out = new int[{n}];
int[] in = new int[{n}];
int peer = 1 - rank;
world.Send(out, 0, {n}, MPI.INT, peer, 7); // ERROR
world.Recv(in, 0, {n}, MPI.INT, peer, 7);""")
prog(BH, "SendSendLarge1M", "deadlock", "both ranks send 1M ints to each other first: too large to be buffered",
     """int[] out = new int[1 << 20];
int[] in = new int[1 << 20];
int peer = 1 - rank;
world.Send(out, 0, out.length, MPI.INT, peer, 7); // ERROR
world.Recv(in, 0, in.length, MPI.INT, peer, 7);""")
prog(BH, "RingSendFirst", "deadlock", "three ranks send one int to the right before receiving from the left: unbuffered, it hangs",
     """int[] out = {rank};
int[] in = new int[1];
world.Send(out, 0, 1, MPI.INT, (rank + 1) % size, 7); // ERROR
world.Recv(in, 0, 1, MPI.INT, (rank + size - 1) % size, 7);""", ranks=3)
prog(BH, "SendrecvExchange", None, "both ranks exchange 1M ints with Sendrecv",
     """int[] out = new int[1 << 20];
int[] in = new int[1 << 20];
int peer = 1 - rank;
world.Sendrecv(out, 0, out.length, MPI.INT, peer, 7, in, 0, in.length, MPI.INT, peer, 7);""")
prog(BH, "IsendThenRecv", None, "both ranks start an Isend of 1M ints, receive, then wait",
     """int[] out = new int[1 << 20];
int[] in = new int[1 << 20];
int peer = 1 - rank;
Request r = world.Isend(out, 0, out.length, MPI.INT, peer, 7);
world.Recv(in, 0, in.length, MPI.INT, peer, 7);
r.Wait();""")
prog(BH, "OrderedByParity", None, "even ranks send first, odd ranks receive first: 1M ints, no buffering needed",
     """int[] out = new int[1 << 20];
int[] in = new int[1 << 20];
int peer = rank ^ 1;
if (rank % 2 == 0) {
    world.Send(out, 0, out.length, MPI.INT, peer, 7);
    world.Recv(in, 0, in.length, MPI.INT, peer, 7);
} else {
    world.Recv(in, 0, in.length, MPI.INT, peer, 7);
    world.Send(out, 0, out.length, MPI.INT, peer, 7);
}""", ranks=4)

# ---------------------------------------------------------------- message race
MR = "messagerace"
prog(MR, "WildcardAssumesOrder", "message_race", "rank 0 receives twice from MPI.ANY_SOURCE and takes the first for rank 1's",
     """int[] buf = {rank};
if (rank == 0) {
    int[] fromOne = new int[1];
    int[] fromTwo = new int[1];
    world.Recv(fromOne, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
    world.Recv(fromTwo, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
    System.out.println("rank 1 sent " + fromOne[0]);
} else {
    world.Send(buf, 0, 1, MPI.INT, 0, 0);
}""", ranks=3)
prog(MR, "WildcardThenNamed", "message_race", "rank 0 receives from MPI.ANY_SOURCE, then from rank 2, which may have been received already",
     """int[] buf = {rank};
if (rank == 0) {
    world.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
    world.Recv(buf, 0, 1, MPI.INT, 2, 0); // ERROR
} else {
    world.Send(buf, 0, 1, MPI.INT, 0, 0);
}""", ranks=3)
prog(MR, "WildcardThenNamedDeadlocks", "message_race", "rank 0 receives from any source, then from rank 2, whose message the first took (rank 1 sends late)",
     """int[] buf = {rank};
if (rank == 0) {
    world.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
    world.Recv(buf, 0, 1, MPI.INT, 2, 0); // ERROR
} else {
    if (rank == 1) {
        Thread.sleep(500);
    }
    world.Send(buf, 0, 1, MPI.INT, 0, 0); // ERROR
}""", ranks=3)
prog(MR, "WildcardAnyTagOrder", "message_race", "rank 0 receives with MPI.ANY_TAG from two senders with their own tags, stores by arrival order",
     """int[] buf = {rank};
if (rank == 0) {
    int[] got = new int[2];
    for (int i = 0; i < 2; i++) {
        world.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG); // ERROR
        got[i] = buf[0];
    }
    System.out.println("order " + got[0] + " " + got[1]);
} else {
    world.Send(buf, 0, 1, MPI.INT, 0, rank);
}""", ranks=3)
prog(MR, "ProbeThenAnySourceRecv", "message_race", "rank 0 probes MPI.ANY_SOURCE, then receives from MPI.ANY_SOURCE again with the probed count",
     """int[] buf = new int[4];
if (rank == 0) {
    for (int i = 1; i < size; i++) {
        Status st = world.Probe(MPI.ANY_SOURCE, 0);
        int n = st.Get_count(MPI.INT);
        world.Recv(buf, 0, n, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
    }
} else {
    world.Send(buf, 0, rank, MPI.INT, 0, 0);
}""", ranks=3)
prog(MR, "BarrierOrdersWildcards", None, "rank 2 sends after a barrier rank 0 enters after its first wildcard receive: that one takes rank 1's",
     """int[] buf = {rank};
if (rank == 0) {
    world.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
    int fromOne = buf[0];
    world.Barrier();
    world.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
    System.out.println("rank 1 sent " + fromOne + ", rank 2 " + buf[0]);
} else if (rank == 1) {
    world.Send(buf, 0, 1, MPI.INT, 0, 0);
    world.Barrier();
} else {
    world.Barrier();
    world.Send(buf, 0, 1, MPI.INT, 0, 0);
}""", ranks=3)
prog(MR, "WildcardSum", None, "rank 0 sums messages from MPI.ANY_SOURCE at one receive: the order does not matter",
     """int[] buf = {rank};
if (rank == 0) {
    int sum = 0;
    for (int i = 1; i < size; i++) {
        world.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
        sum += buf[0];
    }
    System.out.println("sum " + sum);
} else {
    world.Send(buf, 0, 1, MPI.INT, 0, 0);
}""", ranks=3)
prog(MR, "WildcardUsesStatus", None, "rank 0 receives from MPI.ANY_SOURCE and uses the status's source",
     """int[] buf = {rank};
if (rank == 0) {
    int[] from = new int[size];
    for (int i = 1; i < size; i++) {
        Status st = world.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
        from[st.source] = buf[0];
    }
    System.out.println("received from each: " + java.util.Arrays.toString(from));
} else {
    world.Send(buf, 0, 1, MPI.INT, 0, 0);
}""", ranks=3)
prog(MR, "ProbeThenRecvFromSource", None, "rank 0 probes MPI.ANY_SOURCE and receives from the source the probe found",
     """int[] buf = {rank};
if (rank == 0) {
    for (int i = 1; i < size; i++) {
        Status st = world.Probe(MPI.ANY_SOURCE, 0);
        world.Recv(buf, 0, 1, MPI.INT, st.source, 0);
    }
} else {
    world.Send(buf, 0, 1, MPI.INT, 0, 0);
}""", ranks=3)
prog(MR, "MasterWorker", None, "rank 0 hands out work items to whichever worker answers first and stops each",
     """int[] item = new int[1];
if (rank == 0) {
    int next = 0;
    int stopped = 0;
    while (stopped < size - 1) {
        Status st = world.Recv(item, 0, 1, MPI.INT, MPI.ANY_SOURCE, 1);
        item[0] = next < 6 ? next++ : -1;
        if (item[0] < 0) {
            stopped++;
        }
        world.Send(item, 0, 1, MPI.INT, st.source, 2);
    }
} else {
    while (true) {
        world.Send(item, 0, 1, MPI.INT, 0, 1);
        world.Recv(item, 0, 1, MPI.INT, 0, 2);
        if (item[0] < 0) {
            break;
        }
    }
}""", ranks=3)

# ---------------------------------------------------------------- threads (MPJ's provided level is always MULTIPLE)
TH = "threads"
prog(TH, "SendFromSecondThread", None, "rank 0 sends from a second thread it joins; MPJ provides MPI_THREAD_MULTIPLE",
     """int[] buf = {rank};
if (rank == 0) {
    Thread t = new Thread(() -> {
        try {
            world.Send(buf, 0, 1, MPI.INT, 1, 0);
        } catch (MPIException e) {
            throw new IllegalStateException(e);
        }
    });
    t.start();
    t.join();
} else if (rank == 1) {
    world.Recv(buf, 0, 1, MPI.INT, 0, 0);
}""")
prog(TH, "QueryThreadLevel", None, "every rank asks the thread level (MPJ says MPI_THREAD_MULTIPLE) and calls Wtime from a second thread",
     """System.out.println("level " + MPI.queryThread() + " of " + MPI.THREAD_MULTIPLE);
Thread t = new Thread(() -> {
    try {
        System.out.println("time " + MPI.Wtime());
    } catch (MPIException e) {
        throw new IllegalStateException(e);
    }
});
t.start();
t.join();
world.Barrier();""")

TEMPLATE = """// corpus: category={category} ranks={ranks}
// intent: {intent}
// expect: {expect}
package org.qmpi4j.corpus.mpj.{category};

import mpi.*;

/** Corpus program ({category}, MPJ Express): {intent_doc}. */
public final class {name} {{
    private {name}() {{}}

    public static void main(String[] args) throws Exception {{
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
{body}
        MPI.Finalize();
    }}
{helpers}}}
"""

if __name__ == "__main__":
    if "--fix-headers" in sys.argv:
        corpus_files.fix_headers(ROOT)
    else:
        corpus_files.write_programs(ROOT, PROGRAMS, TEMPLATE)
