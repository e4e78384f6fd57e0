#!/usr/bin/env python3
"""Writes the corpus programs (src/main/java/org/qmpi4j/corpus/openmpi/<category>/<Name>.java).

Each program is one small MPI program, with one error or none. A line carrying the error ends in
`// ERROR`; the header's `expect:` line names the rule and those lines. After `mvn spotless:apply`
moves lines, `generate.py --fix-headers` recomputes the header's lines from the markers (what it
shares with ../corpus-mpj/generate.py is in corpus_files.py; a header that disagrees with its
markers shows as a finding at the wrong line when CorpusTest and CorpusScoreTest score check).
Run from the corpus folder: python3 generate.py && mvn spotless:apply && python3 generate.py --fix-headers
"""
import os, re, sys
import corpus_files

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "src/main/java/org/qmpi4j/corpus/openmpi")
PROGRAMS = []

def prog(category, name, expect, intent, body, ranks=2, init="MPI.Init(args);", helpers=""):
    PROGRAMS.append(dict(category=category, name=name, expect=expect, intent=intent, body=body,
                         ranks=ranks, init=init, helpers=helpers))

TYPES = {  # name: (java array, MPI datatype, bytes)
    "Int": ("int", "MPI.INT", 4), "Double": ("double", "MPI.DOUBLE", 8), "Long": ("long", "MPI.LONG", 8),
    "Float": ("float", "MPI.FLOAT", 4), "Short": ("short", "MPI.SHORT", 2), "Byte": ("byte", "MPI.BYTE", 1),
    "Char": ("char", "MPI.CHAR", 2),
}

# ---------------------------------------------------------------- parameter matching
PM = "parammatching"
for t, (jt, mt, b) in TYPES.items():
    prog(PM, f"Matched{t}", None, f"rank 0 sends 4 {mt} and rank 1 receives 4 {mt}: types match",
         f"""{jt}[] buf = new {jt}[4];
if (rank == 0) {{
    world.send(buf, 4, {mt}, 1, 3);
}} else if (rank == 1) {{
    world.recv(buf, 4, {mt}, 0, 3);
}}""")
for (s, r) in [("Int", "Double"), ("Int", "Float"), ("Long", "Double"), ("Short", "Char"),
               ("Byte", "Long"), ("Double", "Long"), ("Float", "Int"), ("Char", "Byte")]:
    js, ms, bs = TYPES[s]; jr, mr, br = TYPES[r]
    n = 8; m = n * bs // br
    prog(PM, f"{s}As{r}", "type_mismatch", f"rank 0 sends {n} {ms}, rank 1 receives the same bytes as {m} {mr}",
         f"""if (rank == 0) {{
    {js}[] out = new {js}[{n}];
    world.send(out, {n}, {ms}, 1, 5); // ERROR
}} else if (rank == 1) {{
    {jr}[] in = new {jr}[{m}];
    world.recv(in, {m}, {mr}, 0, 5); // ERROR
}}""")
for t in ["Int", "Double", "Byte", "Long"]:
    jt, mt, b = TYPES[t]
    prog(PM, f"Truncated{t}", "truncation", f"rank 0 sends 6 {mt}, rank 1 posts a receive for 4",
         f"""{jt}[] buf = new {jt}[6];
world.setErrhandler(MPI.ERRORS_RETURN);
if (rank == 0) {{
    world.send(buf, 6, {mt}, 1, 7);
}} else if (rank == 1) {{
    try {{
        world.recv(buf, 4, {mt}, 0, 7); // ERROR
    }} catch (MPIException refused) {{
        System.out.println("MPI refused the receive: " + refused.getMessage());
    }}
}}""")
for t in ["Int", "Double", "Char"]:
    jt, mt, b = TYPES[t]
    prog(PM, f"LargerReceive{t}", None, f"rank 1 receives into room for 10 {mt} a message of 3: allowed, the status says 3",
         f"""{jt}[] buf = new {jt}[10];
if (rank == 0) {{
    world.send(buf, 3, {mt}, 1, 7);
}} else if (rank == 1) {{
    Status st = world.recv(buf, 10, {mt}, 0, 7);
    System.out.println("received " + st.getCount({mt}));
}}""")
COLL_BAD = [
    ("BcastRoots", "ranks broadcast from different roots", """int[] buf = {rank};
world.bcast(buf, 1, MPI.INT, rank == 0 ? 0 : 1); // ERROR"""),
    ("ReduceOps", "ranks reduce with different operations", """int[] in = {rank};
int[] out = new int[1];
world.reduce(in, out, 1, MPI.INT, rank == 0 ? MPI.SUM : MPI.MAX, 0); // ERROR"""),
    ("AllReduceCounts", "ranks allreduce different counts", """int[] in = new int[4];
int[] out = new int[4];
world.allReduce(in, out, rank == 0 ? 4 : 2, MPI.INT, MPI.SUM); // ERROR"""),
    ("AllReduceTypes", "ranks allreduce ints on one rank and floats on the other", """if (rank == 0) {
    int[] in = {1};
    int[] out = new int[1];
    world.allReduce(in, out, 1, MPI.INT, MPI.SUM); // ERROR
} else {
    float[] in = {1f};
    float[] out = new float[1];
    world.allReduce(in, out, 1, MPI.FLOAT, MPI.SUM); // ERROR
}"""),
    ("BarrierVersusBcast", "rank 0 enters a barrier while the others broadcast", """int[] buf = {1};
if (rank == 0) {
    world.barrier(); // ERROR
} else {
    world.bcast(buf, 1, MPI.INT, 0); // ERROR
}"""),
    ("ReduceRoots", "ranks reduce to different roots", """double[] in = {rank};
double[] out = new double[1];
world.reduce(in, out, 1, MPI.DOUBLE, MPI.SUM, rank == 0 ? 0 : 1); // ERROR"""),
    ("GatherCounts", "ranks gather different counts", """int[] in = new int[2];
int[] out = new int[2 * size];
world.gather(in, rank == 0 ? 2 : 1, MPI.INT, out, 2, MPI.INT, 0); // ERROR"""),
]
for name, intent, body in COLL_BAD:
    prog(PM, f"Collective{name}", "collective_mismatch", intent, body)
COLL_OK = [
    ("Bcast", "every rank broadcasts from rank 0", "int[] buf = {rank};\nworld.bcast(buf, 1, MPI.INT, 0);"),
    ("ReduceLastRoot", "every rank reduces to the last rank", "int[] in = {rank};\nint[] out = new int[1];\nworld.reduce(in, out, 1, MPI.INT, MPI.SUM, size - 1);"),
    ("AllReduce", "every rank allreduces 3 doubles", "double[] in = new double[3];\ndouble[] out = new double[3];\nworld.allReduce(in, out, 3, MPI.DOUBLE, MPI.MAX);"),
    ("Gather", "every rank gathers 2 ints at rank 0", "int[] in = new int[2];\nint[] out = new int[2 * size];\nworld.gather(in, 2, MPI.INT, out, 2, MPI.INT, 0);"),
    ("Scatter", "rank 0 scatters 2 ints to each", "int[] in = new int[2 * size];\nint[] out = new int[2];\nworld.scatter(in, 2, MPI.INT, out, 2, MPI.INT, 0);"),
    ("AllGather", "every rank allgathers a long", "long[] in = {rank};\nlong[] out = new long[size];\nworld.allGather(in, 1, MPI.LONG, out, 1, MPI.LONG);"),
    ("AllToAll", "every rank exchanges one int with each", "int[] in = new int[size];\nint[] out = new int[size];\nworld.allToAll(in, 1, MPI.INT, out, 1, MPI.INT);"),
    ("ReduceLocalOnOneRank", "only rank 0 calls MPI_Reduce_local, which involves no other rank", "int[] a = {1};\nint[] b = {2};\nif (rank == 0) {\n    Intracomm.reduceLocal(a, b, 1, MPI.INT, MPI.SUM);\n}\nworld.barrier();"),
]
for name, intent, body in COLL_OK:
    prog(PM, f"Collective{name}", None, intent, body, ranks=3)
prog(PM, "NonblockingBcastRoots", "collective_mismatch", "ranks start nonblocking broadcasts from different roots",
     """IntBuffer buf = MPI.newIntBuffer(1);
Request r = world.iBcast(buf, 1, MPI.INT, rank == 0 ? 0 : 1); // ERROR
r.waitFor();""")
prog(PM, "GathervCounts", "collective_mismatch", "rank 1 sends 2 ints to a gatherv whose root expects 1 from it",
     """int[] in = new int[2];
int[] out = new int[4];
int[] counts = {1, 1};
int[] displs = {0, 1};
world.gatherv(in, rank == 0 ? 1 : 2, MPI.INT, out, counts, displs, MPI.INT, 0); // ERROR""")
# Nonblocking collectives and the v variants, compared like the blocking ones; the correct programs
# among them look suspicious: a nonblocking barrier with point-to-point messages between its start
# and its wait (a blocking comparison at its start would deadlock them), counts that differ per rank
# but agree with the root's, a nonblocking allreduce overlapped with computation and messages.
V_BAD = [
    ("NonblockingAllReduceOps", "ranks start nonblocking allreduces with different operations", 2,
     """IntBuffer in = MPI.newIntBuffer(1);
IntBuffer out = MPI.newIntBuffer(1);
Request r = world.iAllReduce(in, out, 1, MPI.INT, rank == 0 ? MPI.SUM : MPI.MAX); // ERROR
r.waitFor();"""),
    ("NonblockingGathervCounts", "rank 1 starts a nonblocking gatherv of 2 ints whose root expects 1 from it", 2,
     """IntBuffer in = MPI.newIntBuffer(2);
IntBuffer out = MPI.newIntBuffer(4);
int[] counts = {1, 1};
int[] displs = {0, 1};
Request r = world.iGatherv(in, rank == 0 ? 1 : 2, MPI.INT, out, counts, displs, MPI.INT, 0); // ERROR
r.waitFor();"""),
    ("ScattervCounts", "the root scatters 1 int to each rank, rank 2 receives 2", 3,
     """int[] in = new int[3];
int[] out = new int[2];
int[] counts = {1, 1, 1};
int[] displs = {0, 1, 2};
world.scatterv(in, counts, displs, MPI.INT, out, rank == 2 ? 2 : 1, MPI.INT, 0); // ERROR"""),
    ("AllGathervCounts", "rank 1's counts say rank 0 gives 2 ints, rank 0 gives 1", 2,
     """int[] in = new int[2];
int[] out = new int[4];
int[] counts = rank == 1 ? new int[] {2, 1} : new int[] {1, 1};
int[] displs = {0, 2};
world.allGatherv(in, 1, MPI.INT, out, counts, displs, MPI.INT); // ERROR"""),
    ("AllToAllvCounts", "rank 0 sends 2 ints to rank 1, which expects 1 from it", 2,
     """int[] in = new int[4];
int[] out = new int[4];
int[] sendCounts = rank == 0 ? new int[] {1, 2} : new int[] {1, 1};
int[] recvCounts = {1, 1};
int[] displs = {0, 2};
world.allToAllv(in, sendCounts, displs, MPI.INT, out, recvCounts, displs, MPI.INT); // ERROR"""),
    ("NonblockingScanTypes", "ranks start nonblocking scans of ints on one rank and floats on the other", 2,
     """if (rank == 0) {
    IntBuffer in = MPI.newIntBuffer(1);
    IntBuffer out = MPI.newIntBuffer(1);
    world.iScan(in, out, 1, MPI.INT, MPI.SUM).waitFor(); // ERROR
} else {
    FloatBuffer in = MPI.newFloatBuffer(1);
    FloatBuffer out = MPI.newFloatBuffer(1);
    world.iScan(in, out, 1, MPI.FLOAT, MPI.SUM).waitFor(); // ERROR
}"""),
]
for name, intent, ranks, body in V_BAD:
    prog(PM, name, "collective_mismatch", intent, body, ranks=ranks)
V_OK = [
    ("IBarrierThenPointToPoint", "rank 0 starts a nonblocking barrier, sends to rank 1, waits; rank 1 receives, then starts it", 2,
     """int[] buf = {rank};
if (rank == 0) {
    Request r = world.iBarrier();
    world.send(buf, 1, MPI.INT, 1, 0);
    r.waitFor();
} else {
    world.recv(buf, 1, MPI.INT, 0, 0);
    Request r = world.iBarrier();
    r.waitFor();
}"""),
    ("GathervUnevenCounts", "rank i gives i + 1 ints to a gatherv whose root's counts say so", 3,
     """int[] in = new int[size];
int[] out = new int[size * (size + 1) / 2];
int[] counts = new int[size];
int[] displs = new int[size];
for (int i = 0; i < size; i++) {
    counts[i] = i + 1;
    displs[i] = i == 0 ? 0 : displs[i - 1] + counts[i - 1];
}
world.gatherv(in, rank + 1, MPI.INT, out, counts, displs, MPI.INT, 0);"""),
    ("GathervRootInPlace", "the root gathers in place (its own block already there) and the others send 1 int", 3,
     """int[] counts = new int[size];
int[] displs = new int[size];
for (int i = 0; i < size; i++) {
    counts[i] = 1;
    displs[i] = i;
}
if (rank == 0) {
    int[] all = new int[size];
    world.gatherv(all, counts, displs, MPI.INT, 0);
} else {
    int[] mine = {rank};
    world.gatherv(mine, 1, MPI.INT, 0);
}"""),
    ("IAllReduceOverlapped", "a nonblocking allreduce overlapped with computation and a ring exchange before its wait", 3,
     """DoubleBuffer in = MPI.newDoubleBuffer(2);
DoubleBuffer out = MPI.newDoubleBuffer(2);
in.put(0, rank).put(1, 1.0);
Request r = world.iAllReduce(in, out, 2, MPI.DOUBLE, MPI.SUM);
double local = 0;
for (int i = 0; i < 100000; i++) {
    local += Math.sqrt(i + rank);
}
int[] send = {rank};
int[] recv = new int[1];
world.sendRecv(send, 1, MPI.INT, (rank + 1) % size, 3, recv, 1, MPI.INT, (rank + size - 1) % size, 3);
r.waitFor();
System.out.println("sum " + out.get(0) + " ranks " + out.get(1) + " local " + (local > 0));"""),
    ("AllToAllvUneven", "each rank sends rank j j + 1 ints and receives its own rank + 1 from each", 3,
     """int[] sendCounts = new int[size];
int[] sendDispls = new int[size];
int[] recvCounts = new int[size];
int[] recvDispls = new int[size];
for (int j = 0; j < size; j++) {
    sendCounts[j] = j + 1;
    sendDispls[j] = j == 0 ? 0 : sendDispls[j - 1] + sendCounts[j - 1];
    recvCounts[j] = rank + 1;
    recvDispls[j] = j * (rank + 1);
}
int[] in = new int[size * (size + 1) / 2];
int[] out = new int[size * (rank + 1)];
world.allToAllv(in, sendCounts, sendDispls, MPI.INT, out, recvCounts, recvDispls, MPI.INT);"""),
    ("NonblockingOnFreedSplit", "nonblocking broadcasts and a test loop on a split communicator, freed right after", 4,
     """Intracomm half = world.split(rank % 2, rank);
IntBuffer buf = MPI.newIntBuffer(1);
Request r = half.iBcast(buf, 1, MPI.INT, 0);
while (!r.test()) {
    Thread.onSpinWait();
}
Request b = half.iBarrier();
b.waitFor();
half.free();
world.barrier();"""),
]
for name, intent, ranks, body in V_OK:
    prog(PM, name, None, intent, body, ranks=ranks)
prog(PM, "DerivedTypeMap", "type_mismatch", "rank 0 sends a contiguous type of 2 ints, rank 1 receives one double (same size, another type map)",
     """if (rank == 0) {
    Datatype pair = Datatype.createContiguous(2, MPI.INT);
    pair.commit();
    int[] out = {1, 2};
    world.send(out, 1, pair, 1, 4); // ERROR
    pair.free();
} else if (rank == 1) {
    double[] in = new double[1];
    world.recv(in, 1, MPI.DOUBLE, 0, 4); // ERROR
}""")
prog(PM, "DerivedTypeSameSignature", None, "rank 0 sends one contiguous type of 4 ints, rank 1 receives 4 ints: the same type signature",
     """int[] buf = new int[4];
if (rank == 0) {
    Datatype four = Datatype.createContiguous(4, MPI.INT);
    four.commit();
    world.send(buf, 1, four, 1, 4);
    four.free();
} else if (rank == 1) {
    world.recv(buf, 4, MPI.INT, 0, 4);
}""")

# Derived datatypes are compared by type signature (the sequence of basic types, displacements
# ignored): correct programs whose layouts differ but whose signatures match, and errors whose
# sizes match but whose signatures do not.
prog(PM, "VectorIntoContiguous", None, "rank 0 sends a strided vector (a matrix column), rank 1 receives 4 contiguous ints: the same signature",
     """if (rank == 0) {
    IntBuffer matrix = MPI.newIntBuffer(16);
    Datatype column = Datatype.createVector(4, 1, 4, MPI.INT);
    column.commit();
    world.send(matrix, 1, column, 1, 4);
    column.free();
} else if (rank == 1) {
    IntBuffer in = MPI.newIntBuffer(4);
    world.recv(in, 4, MPI.INT, 0, 4);
}""")
prog(PM, "StructIntoPieces", None, "rank 0 sends padded structs of an int and a double, rank 1 receives them packed via another struct",
     """if (rank == 0) {
    ByteBuffer out = MPI.newByteBuffer(32);
    Datatype padded = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8}, new Datatype[] {MPI.INT, MPI.DOUBLE});
    padded.commit();
    world.send(out, 2, padded, 1, 4);
    padded.free();
} else if (rank == 1) {
    ByteBuffer in = MPI.newByteBuffer(24);
    Datatype one = Datatype.createContiguous(1, MPI.INT);
    Datatype other = Datatype.createContiguous(1, MPI.DOUBLE);
    Datatype pieces = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 4}, new Datatype[] {one, other});
    Datatype packed = Datatype.createResized(pieces, 0, 12);
    packed.commit();
    world.recv(in, 2, packed, 0, 4);
    packed.free();
    pieces.free();
    one.free();
    other.free();
}""")
prog(PM, "ResizedPairs", None, "rank 0 sends int pairs spaced by a resized type, rank 1 receives them as a vector of 2 blocks of 2",
     """if (rank == 0) {
    IntBuffer out = MPI.newIntBuffer(8);
    Datatype pair = Datatype.createContiguous(2, MPI.INT);
    Datatype spaced = Datatype.createResized(pair, 0, 16);
    spaced.commit();
    world.send(out, 2, spaced, 1, 4);
    spaced.free();
    pair.free();
} else if (rank == 1) {
    IntBuffer in = MPI.newIntBuffer(8);
    Datatype twoOfTwo = Datatype.createVector(2, 2, 3, MPI.INT);
    twoOfTwo.commit();
    world.recv(in, 1, twoOfTwo, 0, 4);
    twoOfTwo.free();
}""")
prog(PM, "VectorIntAsVectorFloat", "type_mismatch", "rank 0 sends a vector of ints, rank 1 receives a vector of floats of the same shape and size",
     """IntBuffer ints = MPI.newIntBuffer(16);
FloatBuffer floats = MPI.newFloatBuffer(16);
Datatype intColumn = Datatype.createVector(4, 1, 4, MPI.INT);
Datatype floatColumn = Datatype.createVector(4, 1, 4, MPI.FLOAT);
intColumn.commit();
floatColumn.commit();
if (rank == 0) {
    world.send(ints, 1, intColumn, 1, 4); // ERROR
} else if (rank == 1) {
    world.recv(floats, 1, floatColumn, 0, 4); // ERROR
}
intColumn.free();
floatColumn.free();""")
prog(PM, "StructOrderSwapped", "type_mismatch", "rank 0 sends a struct of an int then a double, rank 1 receives a struct of a double then an int (same size)",
     """ByteBuffer buf = MPI.newByteBuffer(16);
Datatype intDouble = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 4}, new Datatype[] {MPI.INT, MPI.DOUBLE});
Datatype doubleInt = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8}, new Datatype[] {MPI.DOUBLE, MPI.INT});
intDouble.commit();
doubleInt.commit();
if (rank == 0) {
    world.send(buf, 1, intDouble, 1, 4); // ERROR
} else if (rank == 1) {
    world.recv(buf, 1, doubleInt, 0, 4); // ERROR
}
intDouble.free();
doubleInt.free();""")
prog(PM, "BcastDerivedSameSignature", None, "rank 0 broadcasts one contiguous type of 4 ints, the other ranks receive 4 ints: the same type signature",
     """IntBuffer buf = MPI.newIntBuffer(4);
Datatype four = Datatype.createContiguous(4, MPI.INT);
four.commit();
if (rank == 0) {
    world.bcast(buf, 1, four, 0);
} else {
    world.bcast(buf, 4, MPI.INT, 0);
}
four.free();""", ranks=3)
prog(PM, "BcastDerivedTypeMap", "collective_mismatch", "rank 0 broadcasts a contiguous type of 2 ints, the other ranks one double (same size, another type map)",
     """ByteBuffer buf = MPI.newByteBuffer(8);
Datatype pair = Datatype.createContiguous(2, MPI.INT);
pair.commit();
if (rank == 0) {
    world.bcast(buf, 1, pair, 0); // ERROR
} else {
    world.bcast(buf, 1, MPI.DOUBLE, 0); // ERROR
}
pair.free();""", ranks=3)

# ---------------------------------------------------------------- invalid parameter
IP = "invalidparam"
BAD_ARGS = [
    ("SendDestOutOfRange", "rank 0 sends to rank `size`", "world.send(buf, 1, MPI.INT, size, 0); // ERROR"),
    ("SendDestNegative", "rank 0 sends to rank -7", "world.send(buf, 1, MPI.INT, -7, 0); // ERROR"),
    ("RecvSourceOutOfRange", "rank 0 receives from rank `size`", "world.recv(buf, 1, MPI.INT, size, 0); // ERROR"),
    ("SendNegativeTag", "rank 0 sends with tag -3", "world.send(buf, 1, MPI.INT, 1, -3); // ERROR"),
    ("SendNegativeCount", "rank 0 sends -1 elements", "world.send(buf, -1, MPI.INT, 1, 0); // ERROR"),
    ("RecvNegativeCount", "rank 0 receives -2 elements", "world.recv(buf, -2, MPI.INT, 1, 0); // ERROR"),
    ("ISendDestOutOfRange", "rank 0 starts a nonblocking send to rank size + 3",
     "IntBuffer direct = MPI.newIntBuffer(1);\nworld.iSend(direct, 1, MPI.INT, size + 3, 0).waitFor(); // ERROR"),
    ("SsendDestOutOfRange", "rank 0 sends synchronously to rank `size`", "world.sSend(buf, 1, MPI.INT, size, 0); // ERROR"),
    ("RecvNegativeTag", "rank 0 receives with tag -5 (not MPI_ANY_TAG)", "world.recv(buf, 1, MPI.INT, 1, -5); // ERROR"),
]
for name, intent, call in BAD_ARGS:
    prog(IP, name, "invalid_argument", intent, f"""world.setErrhandler(MPI.ERRORS_RETURN);
int[] buf = new int[1];
if (rank == 0) {{
    try {{
{chr(10).join('        ' + l for l in call.split(chr(10)))}
    }} catch (MPIException refused) {{
        System.out.println("MPI refused: " + refused.getMessage());
    }}
}}
world.barrier();""")
prog(IP, "BcastRootOutOfRange", "invalid_argument", "every rank broadcasts from root `size`",
     """world.setErrhandler(MPI.ERRORS_RETURN);
int[] buf = new int[1];
try {
    world.bcast(buf, 1, MPI.INT, size); // ERROR
} catch (MPIException refused) {
    System.out.println("MPI refused: " + refused.getMessage());
}""")
prog(IP, "ReduceRootNegative", "invalid_argument", "every rank reduces to root -9",
     """world.setErrhandler(MPI.ERRORS_RETURN);
int[] in = new int[1];
int[] out = new int[1];
try {
    world.reduce(in, out, 1, MPI.INT, MPI.SUM, -9); // ERROR
} catch (MPIException refused) {
    System.out.println("MPI refused: " + refused.getMessage());
}""")
GOOD_ARGS = [
    ("SendToProcNull", "rank 0 sends to MPI_PROC_NULL, which completes at once", "int[] buf = {1};\nif (rank == 0) {\n    world.send(buf, 1, MPI.INT, MPI.PROC_NULL, 0);\n}"),
    ("RecvFromProcNull", "rank 1 receives from MPI_PROC_NULL, which completes at once", "int[] buf = {1};\nif (rank == 1) {\n    world.recv(buf, 1, MPI.INT, MPI.PROC_NULL, 0);\n}"),
    ("RingWithProcNullEnds", "a non-periodic shift: the end ranks talk to MPI_PROC_NULL", "int[] out = {rank};\nint[] in = new int[1];\nint right = rank + 1 < size ? rank + 1 : MPI.PROC_NULL;\nint left = rank > 0 ? rank - 1 : MPI.PROC_NULL;\nworld.sendRecv(out, 1, MPI.INT, right, 2, in, 1, MPI.INT, left, 2);"),
    ("RecvAnyTag", "rank 1 receives with MPI_ANY_TAG", "int[] buf = {1};\nif (rank == 0) {\n    world.send(buf, 1, MPI.INT, 1, 77);\n} else if (rank == 1) {\n    world.recv(buf, 1, MPI.INT, 0, MPI.ANY_TAG);\n}"),
    ("ZeroCount", "rank 0 sends 0 elements", "int[] buf = new int[0];\nif (rank == 0) {\n    world.send(buf, 0, MPI.INT, 1, 1);\n} else if (rank == 1) {\n    world.recv(buf, 0, MPI.INT, 0, 1);\n}"),
    ("LastRankAsRoot", "every rank broadcasts from the last rank", "int[] buf = {rank};\nworld.bcast(buf, 1, MPI.INT, size - 1);"),
    ("LargeTag", "rank 0 sends with tag 32000 (below MPI_TAG_UB's minimum 32767)", "int[] buf = {1};\nif (rank == 0) {\n    world.send(buf, 1, MPI.INT, 1, 32000);\n} else if (rank == 1) {\n    world.recv(buf, 1, MPI.INT, 0, 32000);\n}"),
    ("ProcNullNonblocking", "rank 0 starts a nonblocking send to MPI_PROC_NULL and waits for it", "IntBuffer buf = MPI.newIntBuffer(1);\nif (rank == 0) {\n    world.iSend(buf, 1, MPI.INT, MPI.PROC_NULL, 0).waitFor();\n}"),
    ("RecvAnySourceAnyTag", "rank 0 receives one message from each other rank with both wildcards", "int[] buf = {rank};\nif (rank == 0) {\n    for (int i = 1; i < size; i++) {\n        world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);\n    }\n} else {\n    world.send(buf, 1, MPI.INT, 0, rank);\n}"),
    ("SelfMessage", "each rank sends itself a message with sendRecv", "int[] out = {rank};\nint[] in = new int[1];\nworld.sendRecv(out, 1, MPI.INT, rank, 0, in, 1, MPI.INT, rank, 0);"),
]
for name, intent, body in GOOD_ARGS:
    prog(IP, name, None, intent, body, ranks=3)

# ---------------------------------------------------------------- resource leak
RL = "resourceleak"
LEAKS = [
    ("LeakedISend", "rank 0 never completes a nonblocking send", """IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 0) {
    world.iSend(buf, 1, MPI.INT, 1, 0); // ERROR
} else if (rank == 1) {
    world.recv(buf, 1, MPI.INT, 0, 0);
}
world.barrier();"""),
    ("LeakedIRecv", "rank 1 never completes a nonblocking receive", """IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 0) {
    world.send(buf, 1, MPI.INT, 1, 0);
} else if (rank == 1) {
    world.iRecv(buf, 1, MPI.INT, 0, 0); // ERROR
}
world.barrier();"""),
    ("LeakedPersistentSend", "rank 0 never frees a persistent send", """IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 0) {
    Prequest p = world.sendInit(buf, 1, MPI.INT, 1, 0); // ERROR
    p.start();
    p.waitFor();
} else if (rank == 1) {
    world.recv(buf, 1, MPI.INT, 0, 0);
}"""),
    ("LeakedIBarrier", "every rank starts a nonblocking barrier and never waits for it", """world.iBarrier(); // ERROR
world.barrier();"""),
    ("LeakedIBcast", "every rank starts a nonblocking broadcast and never waits for it", """IntBuffer buf = MPI.newIntBuffer(1);
world.iBcast(buf, 1, MPI.INT, 0); // ERROR
world.barrier();"""),
    ("LeakedIAllReduce", "every rank starts a nonblocking allreduce and never waits for it", """IntBuffer in = MPI.newIntBuffer(1);
IntBuffer out = MPI.newIntBuffer(1);
world.iAllReduce(in, out, 1, MPI.INT, MPI.SUM); // ERROR
world.barrier();"""),
    ("LeakedReceiveLoop", "rank 0 posts receives from every rank and waits for none", """IntBuffer buf = MPI.newIntBuffer(size);
if (rank == 0) {
    for (int i = 1; i < size; i++) {
        world.iRecv(MPI.slice(buf, i), 1, MPI.INT, i, 0); // ERROR
    }
} else {
    world.send(buf, 1, MPI.INT, 0, 0);
}
world.barrier();"""),
]
for name, intent, body in LEAKS:
    prog(RL, name, "request_leak", intent, body, ranks=3 if "Loop" in name else 2)
OBJ_LEAKS = [
    ("LeakedCommDup", "a duplicated communicator is never freed", "Comm copy = world.dup(); // ERROR\ncopy.barrier();"),
    ("LeakedCommSplit", "a split communicator is never freed", "Comm half = world.split(rank % 2, rank); // ERROR\nhalf.barrier();"),
    ("LeakedGroup", "a group is never freed", "Group g = world.getGroup(); // ERROR\nSystem.out.println(g.getSize());"),
    ("LeakedDatatype", "a committed datatype is never freed", "Datatype t = Datatype.createContiguous(3, MPI.INT); // ERROR\nt.commit();"),
]
for name, intent, body in OBJ_LEAKS:
    prog(RL, name, "object_leak", intent, body)

MAX_OP = """Op keepMax = new Op(new UserFunction() {
    @Override
    public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype type) {
        IntBuffer a = in.asIntBuffer();
        IntBuffer b = inOut.asIntBuffer();
        for (int i = 0; i < count; i++) {
            b.put(i, Math.max(a.get(i), b.get(i)));
        }
    }
}, true);
"""
OBJ_LEAKS_MORE = [
    ("LeakedUserOp", "a user-defined operation used in allReduce is never freed",
     MAX_OP + """IntBuffer v = MPI.newIntBuffer(1).put(0, rank);
world.allReduce(v, 1, MPI.INT, keepMax); // ERROR
System.out.println("max rank " + v.get(0));"""),
    ("LeakedGroupIncl", "of two groups only the whole one is freed, the subgroup made by incl is not",
     """Group all = world.getGroup();
Group first = all.incl(new int[] {0}); // ERROR
System.out.println(first.getSize());
all.free();"""),
    ("LeakedTypesInLoop", "a vector datatype made, committed and used in each of three iterations, never freed",
     """int[] buf = new int[8];
for (int i = 0; i < 3; i++) {
    Datatype column = Datatype.createVector(2, 1, 4, MPI.INT); // ERROR
    column.commit();
    world.bcast(buf, 1, column, 0);
}"""),
]
for name, intent, body in OBJ_LEAKS_MORE:
    prog(RL, name, "object_leak", intent, body)
OBJ_OK = [
    ("CommFreedInFinally", "a duplicated communicator freed in a finally block", """Comm copy = world.dup();
try {
    copy.barrier();
} finally {
    copy.free();
}"""),
    ("TypeFreedAfterNonblocking", "a derived datatype freed after the nonblocking calls that use it completed",
     """Datatype pair = Datatype.createContiguous(2, MPI.INT);
pair.commit();
IntBuffer buf = MPI.newIntBuffer(2);
Request r = rank == 0 ? world.iSend(buf, 1, pair, 1, 4) : world.iRecv(buf, 1, pair, 0, 4);
r.waitFor();
pair.free();"""),
    ("SplitUndefinedNotFreed", "rank 1 splits with MPI.UNDEFINED, gets MPI_COMM_NULL and does not free it",
     """Intracomm part = world.split(rank == 0 ? 0 : MPI.UNDEFINED, rank);
if (!part.isNull()) {
    part.barrier();
    part.free();
}"""),
    ("GroupsFreedBeforeTheirComm", "a communicator made from a subgroup; both groups freed at once, the communicator after its use",
     """Group all = world.getGroup();
Group pair = all.incl(new int[] {1, 0});
Intracomm swapped = world.create(pair);
pair.free();
all.free();
swapped.barrier();
swapped.free();"""),
    ("UserOpFreed", "a user-defined operation used in two reductions, then freed",
     MAX_OP + """IntBuffer v = MPI.newIntBuffer(1).put(0, rank);
world.allReduce(v, 1, MPI.INT, keepMax);
world.allReduce(v, 1, MPI.INT, keepMax);
keepMax.free();"""),
]
for name, intent, body in OBJ_OK:
    prog(RL, name, None, intent, body)
prog(RL, "CommKeptInField", None, "a duplicate of the world kept in an object's field across calls and freed before MPI_Finalize",
     """Exchange exchange = new Exchange(world);
int total = 0;
for (int i = 0; i < 3; i++) {
    total += exchange.sum(rank + i);
}
exchange.close();
System.out.println(total);""", helpers="""
    /** Keeps a duplicate of the world across calls, as a solver object would. */
    private static final class Exchange {
        private final Intracomm comm;

        Exchange(Intracomm world) throws MPIException {
            comm = world.dup();
        }

        int sum(int v) throws MPIException {
            int[] b = {v};
            comm.allReduce(b, 1, MPI.INT, MPI.SUM);
            return b[0];
        }

        void close() throws MPIException {
            comm.free();
        }
    }
""")
UAF = [
    ("UseFreedComm", "a duplicated communicator is freed, then used for a barrier", """world.setErrhandler(MPI.ERRORS_RETURN);
Comm copy = world.dup();
copy.barrier();
copy.free(); // ERROR
try {
    copy.barrier(); // ERROR
} catch (MPIException refused) {
    System.out.println("MPI refused the freed communicator: " + refused.getMessage());
}"""),
    ("UseFreedDatatype", "a derived datatype is freed, then used in a broadcast of a direct buffer", """world.setErrhandler(MPI.ERRORS_RETURN);
Datatype pair = Datatype.createContiguous(2, MPI.INT);
pair.commit();
pair.free(); // ERROR
IntBuffer buf = MPI.newIntBuffer(2);
try {
    world.bcast(buf, 1, pair, 0); // ERROR
} catch (MPIException refused) {
    System.out.println("MPI refused the freed datatype: " + refused.getMessage());
}"""),
    ("FreeCommTwice", "a duplicated communicator is freed twice", """world.setErrhandler(MPI.ERRORS_RETURN);
Comm copy = world.dup();
copy.barrier();
copy.free(); // ERROR
try {
    copy.free(); // ERROR
} catch (MPIException refused) {
    System.out.println("MPI refused the second free: " + refused.getMessage());
}"""),
    ("UseFreedGroup", "a group is freed, then used to make a communicator", """world.setErrhandler(MPI.ERRORS_RETURN);
Group all = world.getGroup();
all.free(); // ERROR
try {
    Intracomm same = world.create(all); // ERROR
    same.free();
} catch (MPIException refused) {
    System.out.println("MPI refused the freed group: " + refused.getMessage());
}"""),
]
UAF.append(("UseFreedOp", "a user-defined operation is freed, then used in an allReduce", "world.setErrhandler(MPI.ERRORS_RETURN);\n" + MAX_OP
    + """IntBuffer v = MPI.newIntBuffer(1).put(0, rank);
world.allReduce(v, 1, MPI.INT, keepMax);
keepMax.free(); // ERROR
try {
    world.allReduce(v, 1, MPI.INT, keepMax); // ERROR
} catch (MPIException refused) {
    System.out.println("MPI refused the freed operation: " + refused.getMessage());
}"""))
for name, intent, body in UAF:
    prog(IP, name, "object_used_after_free", intent, body)
RL_OK = [
    ("WaitedISend", "rank 0 waits for its nonblocking send", """IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 0) {
    world.iSend(buf, 1, MPI.INT, 1, 0).waitFor();
} else if (rank == 1) {
    world.recv(buf, 1, MPI.INT, 0, 0);
}"""),
    ("TestedIRecv", "rank 1 tests its nonblocking receive until it completes", """IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 0) {
    world.send(buf, 1, MPI.INT, 1, 0);
} else if (rank == 1) {
    Request r = world.iRecv(buf, 1, MPI.INT, 0, 0);
    while (!r.test()) {
        Thread.onSpinWait();
    }
}"""),
    ("FreedPersistentPair", "persistent send and receive, started three times, then freed", """IntBuffer buf = MPI.newIntBuffer(1);
Prequest p = rank == 0 ? world.sendInit(buf, 1, MPI.INT, 1, 0) : world.recvInit(buf, 1, MPI.INT, 0, 0);
for (int i = 0; i < 3; i++) {
    p.start();
    p.waitFor();
}
p.free();"""),
    ("PersistentNeverStarted", "a persistent request made and freed without ever being started", """IntBuffer buf = MPI.newIntBuffer(1);
Prequest p = world.sendInit(buf, 1, MPI.INT, (rank + 1) % size, 0);
p.free();"""),
    ("WaitedIBarrier", "every rank waits for its nonblocking barrier", "world.iBarrier().waitFor();"),
    ("WaitAllReceives", "rank 0 posts receives from every rank and waits for all", """IntBuffer buf = MPI.newIntBuffer(size);
if (rank == 0) {
    Request[] rs = new Request[size - 1];
    for (int i = 1; i < size; i++) {
        rs[i - 1] = world.iRecv(MPI.slice(buf, i), 1, MPI.INT, i, 0);
    }
    Request.waitAll(rs);
} else {
    world.send(buf, 1, MPI.INT, 0, 0);
}"""),
    ("FreedCommDup", "a duplicated communicator used and freed", "Comm copy = world.dup();\ncopy.barrier();\ncopy.free();"),
    ("FreedDatatype", "a committed datatype used and freed", """Datatype t = Datatype.createContiguous(2, MPI.INT);
t.commit();
int[] buf = new int[2];
world.bcast(buf, 1, t, 0);
t.free();"""),
    ("WaitedIAllReduce", "every rank waits for its nonblocking allreduce", """IntBuffer in = MPI.newIntBuffer(1);
IntBuffer out = MPI.newIntBuffer(1);
world.iAllReduce(in, out, 1, MPI.INT, MPI.SUM).waitFor();"""),
]
for name, intent, body in RL_OK:
    prog(RL, name, None, intent, body, ranks=3 if name == "WaitAllReceives" else 2)

# ---------------------------------------------------------------- request lifecycle
RQ = "requestlifecycle"
prog(RQ, "FreeActiveReceive", "active_request_freed", "rank 1 frees its nonblocking receive before it completed", """IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 1) {
    Request r = world.iRecv(buf, 1, MPI.INT, 0, 0); // ERROR
    r.free(); // ERROR
} else if (rank == 0) {
    world.send(buf, 1, MPI.INT, 1, 0);
}
world.barrier();""")
prog(RQ, "FreeStartedPersistentReceive", "active_request_freed", "rank 1 frees a started persistent receive before it completed", """IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 1) {
    Prequest p = world.recvInit(buf, 1, MPI.INT, 0, 0); // ERROR
    p.start(); // ERROR
    p.free(); // ERROR
} else if (rank == 0) {
    world.send(buf, 1, MPI.INT, 1, 0);
}
world.barrier();""")
prog(RQ, "FreeActiveWildcardReceive", "active_request_freed", "rank 0 frees a receive from MPI_ANY_SOURCE before it completed", """IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 0) {
    Request r = world.iRecv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
    r.free(); // ERROR
} else if (rank == 1) {
    world.send(buf, 1, MPI.INT, 0, 0);
}
world.barrier();""")
prog(RQ, "StartedNeverCompleted", "request_leak", "rank 0 starts a persistent send, frees nothing and never waits", """IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 0) {
    Prequest p = world.sendInit(buf, 1, MPI.INT, 1, 0); // ERROR
    p.start();
} else if (rank == 1) {
    world.recv(buf, 1, MPI.INT, 0, 0);
}
world.barrier();""")
prog(RQ, "RestartActivePersistent", "request_misuse", "rank 0 starts a persistent send again while it is still active", """IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 0) {
    Prequest p = world.sendInit(buf, 1, MPI.INT, 1, 0);
    p.start(); // ERROR
    p.start(); // ERROR
    p.waitFor();
    p.free();
} else if (rank == 1) {
    world.recv(buf, 1, MPI.INT, 0, 0);
    world.recv(buf, 1, MPI.INT, 0, 0);
}""")
prog(RQ, "WaitAfterFree", "request_misuse", "rank 0 waits for a request it already freed", """world.setErrhandler(MPI.ERRORS_RETURN);
IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 0) {
    Request r = world.iSend(buf, 1, MPI.INT, 1, 0);
    r.waitFor();
    r.free(); // ERROR
    try {
        r.waitFor(); // ERROR
    } catch (MPIException refused) {
        System.out.println("MPI refused: " + refused.getMessage());
    }
} else if (rank == 1) {
    world.recv(buf, 1, MPI.INT, 0, 0);
}""")
prog(RQ, "WaitAfterFreeingActive", "request_misuse", "rank 0 frees its active send's request, then waits for it: the wait returns at once", """IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 0) {
    Request r = world.iSend(buf, 1, MPI.INT, 1, 0);
    r.free(); // ERROR
    r.waitFor(); // ERROR
} else if (rank == 1) {
    world.recv(buf, 1, MPI.INT, 0, 0);
}
world.barrier();""")
prog(RQ, "StartAfterFree", "request_misuse", "rank 0 starts a persistent send it has freed", """world.setErrhandler(MPI.ERRORS_RETURN);
IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 0) {
    Prequest p = world.sendInit(buf, 1, MPI.INT, 1, 0);
    p.start();
    p.waitFor();
    p.free(); // ERROR
    try {
        p.start(); // ERROR
    } catch (MPIException refused) {
        System.out.println("MPI refused: " + refused.getMessage());
    }
} else if (rank == 1) {
    world.recv(buf, 1, MPI.INT, 0, 0);
}
world.barrier();""")
prog(RQ, "StartAllWhileActive", "request_misuse", "rank 0 starts two persistent sends with startAll while the first is still active", """IntBuffer a = MPI.newIntBuffer(1);
IntBuffer b = MPI.newIntBuffer(1);
if (rank == 0) {
    Prequest first = world.sendInit(a, 1, MPI.INT, 1, 0);
    Prequest second = world.sendInit(b, 1, MPI.INT, 1, 1);
    first.start(); // ERROR
    Prequest[] both = {first, second};
    Prequest.startAll(both); // ERROR
    Request.waitAll(both);
    first.free();
    second.free();
} else if (rank == 1) {
    world.recv(a, 1, MPI.INT, 0, 0);
    world.recv(a, 1, MPI.INT, 0, 0);
    world.recv(b, 1, MPI.INT, 0, 1);
}""")
RQ_OK = [
    ("FreeAfterWait", "rank 1 frees its receive after it completed", """IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 1) {
    Request r = world.iRecv(buf, 1, MPI.INT, 0, 0);
    r.waitFor();
    r.free();
} else if (rank == 0) {
    world.send(buf, 1, MPI.INT, 1, 0);
}"""),
    ("GetStatusLoopThenFree", "rank 1 loops on getStatus() until its receive completed, then frees it", """IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 1) {
    Request r = world.iRecv(buf, 1, MPI.INT, 0, 0);
    while (r.getStatus() == null) {
        Thread.onSpinWait();
    }
    r.free();
} else if (rank == 0) {
    world.send(buf, 1, MPI.INT, 1, 0);
}"""),
    ("FreeActiveSend", "rank 0 frees an active send request (allowed; the barrier after the receive orders it)", """IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 0) {
    Request r = world.iSend(buf, 1, MPI.INT, 1, 0);
    r.free();
} else if (rank == 1) {
    world.recv(buf, 1, MPI.INT, 0, 0);
}
world.barrier();"""),
    ("PersistentRestartAfterWait", "a persistent receive started again only after each wait", """IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 1) {
    Prequest p = world.recvInit(buf, 1, MPI.INT, 0, 0);
    for (int i = 0; i < 4; i++) {
        p.start();
        p.waitFor();
    }
    p.free();
} else if (rank == 0) {
    for (int i = 0; i < 4; i++) {
        world.send(buf, 1, MPI.INT, 1, 0);
    }
}"""),
    ("StartAllWaitAll", "persistent requests started with startAll and completed with waitAll", """IntBuffer out = MPI.newIntBuffer(1);
IntBuffer in = MPI.newIntBuffer(1);
int peer = 1 - rank;
Prequest[] ps = {world.recvInit(in, 1, MPI.INT, peer, 0), world.sendInit(out, 1, MPI.INT, peer, 0)};
Prequest.startAll(ps);
Request.waitAll(ps);
ps[0].free();
ps[1].free();"""),
    ("WaitAnyTwice", "rank 0 completes two receives with two waitAny calls", """IntBuffer a = MPI.newIntBuffer(1);
IntBuffer b = MPI.newIntBuffer(1);
if (rank == 0) {
    Request[] rs = {world.iRecv(a, 1, MPI.INT, 1, 0), world.iRecv(b, 1, MPI.INT, 1, 1)};
    Request.waitAny(rs);
    Request.waitAny(rs);
} else if (rank == 1) {
    world.send(a, 1, MPI.INT, 0, 1);
    world.send(b, 1, MPI.INT, 0, 0);
}"""),
    ("TestAllLoop", "rank 0 loops on testAll until both of its requests completed", """IntBuffer out = MPI.newIntBuffer(1);
IntBuffer in = MPI.newIntBuffer(1);
int peer = 1 - rank;
Request[] rs = {world.iRecv(in, 1, MPI.INT, peer, 0), world.iSend(out, 1, MPI.INT, peer, 0)};
while (!Request.testAll(rs)) {
    Thread.onSpinWait();
}"""),
    ("WaitAgainAfterWait", "rank 0 waits for its send twice: the second wait returns at once (MPI made the request MPI_REQUEST_NULL)", """IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 0) {
    Request r = world.iSend(buf, 1, MPI.INT, 1, 0);
    r.waitFor();
    r.waitFor();
} else if (rank == 1) {
    Request r = world.iRecv(buf, 1, MPI.INT, 0, 0);
    r.waitFor();
    r.waitFor();
    r.free();
}"""),
    ("ProcNullPersistent", "a persistent receive from MPI_PROC_NULL started, waited and freed", """IntBuffer buf = MPI.newIntBuffer(1);
Prequest p = world.recvInit(buf, 1, MPI.INT, MPI.PROC_NULL, 0);
p.start();
p.waitFor();
p.free();"""),
]
for name, intent, body in RQ_OK:
    prog(RQ, name, None, intent, body)

# A request dropped before its call completed: on Open MPI the request is what keeps the direct
# buffer alive, so the JVM may free the buffer's memory while MPI still writes it (unreachable_buffer).
prog(RQ, "DroppedReceiveRequest", "unreachable_buffer", "rank 1 drops the request of a receive into a buffer held nowhere else", """if (rank == 0) {
    IntBuffer buf = MPI.newIntBuffer(1);
    world.send(buf, 1, MPI.INT, 1, 0);
} else if (rank == 1) {
    world.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, 0, 0); // ERROR
}
world.barrier();""")
prog(RQ, "BuffersHeldByRequests", None, "1500 receives and sends whose buffers only their kept requests hold, across a collection", """int n = 1500;
int peer = 1 - rank;
Request[] receives = new Request[n];
Request[] sends = new Request[n];
for (int i = 0; i < n; i++) {
    receives[i] = world.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, peer, i);
}
for (int i = 0; i < n; i++) {
    IntBuffer b = MPI.newIntBuffer(1);
    b.put(0, i);
    sends[i] = world.iSend(b, 1, MPI.INT, peer, i);
}
System.gc(); // Open MPI's Request holds its buffer: nothing here may be freed
Request.waitAll(receives);
Request.waitAll(sends);
world.barrier();""")

# ---------------------------------------------------------------- local concurrency
LC = "localconcurrency"
for t, (jt, mt, b) in list(TYPES.items())[:5]:
    bt = {"int": "IntBuffer", "double": "DoubleBuffer", "long": "LongBuffer", "float": "FloatBuffer", "short": "ShortBuffer"}[jt]
    nb = {"int": "newIntBuffer", "double": "newDoubleBuffer", "long": "newLongBuffer", "float": "newFloatBuffer", "short": "newShortBuffer"}[jt]
    one = {"int": "1", "double": "1.0", "long": "1L", "float": "1f", "short": "(short) 1"}[jt]
    prog(LC, f"ModifiedSendBuffer{t}", "buffer_modified", f"rank 0 writes into a nonblocking send's {jt} buffer before waiting",
         f"""{bt} buf = MPI.{nb}(8);
if (rank == 0) {{
    Request r = world.iSend(buf, 8, {mt}, 1, 0); // ERROR
    buf.put(2, {one});
    r.waitFor(); // ERROR
}} else if (rank == 1) {{
    world.recv(buf, 8, {mt}, 0, 0);
}}""")
    prog(LC, f"WriteAfterWait{t}", None, f"rank 0 writes into its {jt} send buffer only after the wait",
         f"""{bt} buf = MPI.{nb}(8);
if (rank == 0) {{
    Request r = world.iSend(buf, 8, {mt}, 1, 0);
    r.waitFor();
    buf.put(2, {one});
}} else if (rank == 1) {{
    world.recv(buf, 8, {mt}, 0, 0);
}}""")
prog(LC, "ModifiedBeforeTest", "buffer_modified", "rank 0 writes into its send buffer and completes the send with test()", """IntBuffer buf = MPI.newIntBuffer(4);
if (rank == 0) {
    Request r = world.iSend(buf, 4, MPI.INT, 1, 0); // ERROR
    buf.put(0, 9);
    while (!r.test()) { // ERROR
        Thread.onSpinWait();
    }
} else if (rank == 1) {
    world.recv(buf, 4, MPI.INT, 0, 0);
}""")
prog(LC, "ReadReceiveBeforeWait", "buffer_read_early", "rank 1 reads its receive buffer before the receive completed", """IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 1) {
    Request r = world.iRecv(buf, 1, MPI.INT, 0, 0);
    int early = buf.get(0); // ERROR
    r.waitFor();
    System.out.println("read " + early + " then " + buf.get(0));
} else if (rank == 0) {
    buf.put(0, 5);
    world.send(buf, 1, MPI.INT, 1, 0);
}""")
prog(LC, "OverlappingReceives", "overlapping_buffers", "rank 0 posts two receives into the same buffer", """IntBuffer buf = MPI.newIntBuffer(2);
if (rank == 0) {
    Request a = world.iRecv(buf, 2, MPI.INT, 1, 0); // ERROR
    Request b = world.iRecv(buf, 2, MPI.INT, 1, 1); // ERROR
    a.waitFor();
    b.waitFor();
} else if (rank == 1) {
    world.send(buf, 2, MPI.INT, 0, 0);
    world.send(buf, 2, MPI.INT, 0, 1);
}""")
prog(LC, "SendAndReceiveSameBuffer", "overlapping_buffers", "rank 0 sends from and receives into one buffer at the same time", """IntBuffer buf = MPI.newIntBuffer(2);
int peer = 1 - rank;
Request a = world.iRecv(buf, 2, MPI.INT, peer, 0); // ERROR
Request b = world.iSend(buf, 2, MPI.INT, peer, 0); // ERROR
a.waitFor();
b.waitFor();""")
prog(LC, "DisjointSlices", None, "rank 0 receives into two disjoint slices of one buffer at once", """IntBuffer buf = MPI.newIntBuffer(4);
if (rank == 0) {
    Request a = world.iRecv(MPI.slice(buf, 0), 2, MPI.INT, 1, 0);
    Request b = world.iRecv(MPI.slice(buf, 2), 2, MPI.INT, 1, 1);
    a.waitFor();
    b.waitFor();
} else if (rank == 1) {
    world.send(buf, 2, MPI.INT, 0, 0);
    world.send(buf, 2, MPI.INT, 0, 1);
}""")
prog(LC, "OverlappingSlices", "overlapping_buffers", "rank 0 receives into two slices of one direct buffer that share an element", """IntBuffer buf = MPI.newIntBuffer(4);
if (rank == 0) {
    Request a = world.iRecv(MPI.slice(buf, 0), 3, MPI.INT, 1, 0); // ERROR
    Request b = world.iRecv(MPI.slice(buf, 2), 2, MPI.INT, 1, 1); // ERROR
    a.waitFor();
    b.waitFor();
} else if (rank == 1) {
    world.send(buf, 3, MPI.INT, 0, 0);
    world.send(buf, 2, MPI.INT, 0, 1);
}""")
prog(LC, "RecvIntoPendingSend", "overlapping_buffers", "each rank receives (blocking) into the buffer of its own send still pending", """IntBuffer buf = MPI.newIntBuffer(4);
int peer = 1 - rank;
Request r = world.iSend(buf, 4, MPI.INT, peer, 0); // ERROR
world.recv(buf, 4, MPI.INT, peer, 0); // ERROR
r.waitFor();""")
prog(LC, "SendFromPendingReceive", "overlapping_buffers", "rank 0 sends (blocking) from a part of the buffer its receive still writes", """IntBuffer buf = MPI.newIntBuffer(8);
if (rank == 0) {
    Request r = world.iRecv(buf, 8, MPI.INT, 1, 0); // ERROR
    world.send(MPI.slice(buf, 4), 2, MPI.INT, 1, 1); // ERROR
    r.waitFor();
} else if (rank == 1) {
    IntBuffer in = MPI.newIntBuffer(2);
    world.recv(in, 2, MPI.INT, 0, 1);
    world.send(buf, 8, MPI.INT, 0, 0);
}""")
prog(LC, "DisjointHalvesSendRecv", None, "each rank sends from one half of a direct buffer and receives into the other half at once", """IntBuffer buf = MPI.newIntBuffer(8);
int peer = 1 - rank;
Request in = world.iRecv(MPI.slice(buf, 4), 4, MPI.INT, peer, 0);
Request out = world.iSend(MPI.slice(buf, 0), 4, MPI.INT, peer, 0);
in.waitFor();
out.waitFor();""")
prog(LC, "TwoSendsOneBuffer", None, "rank 0 sends one direct buffer twice with two pending sends (only reads: allowed since MPI 3.0)", """IntBuffer buf = MPI.newIntBuffer(4);
if (rank == 0) {
    Request a = world.iSend(buf, 4, MPI.INT, 1, 0);
    Request b = world.iSend(buf, 4, MPI.INT, 1, 1);
    a.waitFor();
    b.waitFor();
} else if (rank == 1) {
    IntBuffer x = MPI.newIntBuffer(4);
    IntBuffer y = MPI.newIntBuffer(4);
    world.recv(x, 4, MPI.INT, 0, 0);
    world.recv(y, 4, MPI.INT, 0, 1);
}""")
prog(LC, "ReuseBufferAfterWait", None, "rank 0 receives into a buffer again once the first receive completed", """IntBuffer buf = MPI.newIntBuffer(2);
if (rank == 0) {
    Request a = world.iRecv(buf, 2, MPI.INT, 1, 0);
    a.waitFor();
    Request b = world.iRecv(buf, 2, MPI.INT, 1, 1);
    b.waitFor();
} else if (rank == 1) {
    world.send(buf, 2, MPI.INT, 0, 0);
    world.send(buf, 2, MPI.INT, 0, 1);
}""")
prog(LC, "ModifyOtherBuffer", None, "rank 0 writes into a different buffer while its send is pending", """IntBuffer buf = MPI.newIntBuffer(4);
IntBuffer next = MPI.newIntBuffer(4);
if (rank == 0) {
    Request r = world.iSend(buf, 4, MPI.INT, 1, 0);
    next.put(0, 7);
    r.waitFor();
} else if (rank == 1) {
    world.recv(buf, 4, MPI.INT, 0, 0);
}""")
prog(LC, "ReadSendBufferWhilePending", None, "rank 0 reads (does not write) its send buffer while the send is pending: allowed", """IntBuffer buf = MPI.newIntBuffer(4);
if (rank == 0) {
    buf.put(1, 3);
    Request r = world.iSend(buf, 4, MPI.INT, 1, 0);
    int seen = buf.get(1);
    r.waitFor();
    System.out.println("read " + seen);
} else if (rank == 1) {
    world.recv(buf, 4, MPI.INT, 0, 0);
}""")

# ---------------------------------------------------------------- threads (a JVM adds them everywhere)
TH = "threads"
THREAD_HELPER = """
    private static void onThread(MpiAction action) throws InterruptedException {
        Thread t = new Thread(() -> {
            try {
                action.run();
            } catch (MPIException e) {
                throw new IllegalStateException(e);
            }
        });
        t.start();
        t.join();
    }

    private interface MpiAction {
        void run() throws MPIException;
    }
"""
for level in ["SINGLE", "FUNNELED"]:
    prog(TH, f"BarrierOnThreadAt{level.title()}", "thread_level", f"rank 0 makes its barrier on a second thread at MPI_THREAD_{level}",
         """if (rank == 0) {
    onThread(() -> MPI.COMM_WORLD.barrier()); // ERROR
} else {
    world.barrier();
}""", init=f"MPI.InitThread(args, MPI.THREAD_{level});", helpers=THREAD_HELPER)
    prog(TH, f"SendOnThreadAt{level.title()}", "thread_level", f"rank 0 sends from a second thread at MPI_THREAD_{level}",
         """int[] buf = {1};
if (rank == 0) {
    onThread(() -> MPI.COMM_WORLD.send(buf, 1, MPI.INT, 1, 0)); // ERROR
} else if (rank == 1) {
    world.recv(buf, 1, MPI.INT, 0, 0);
}""", init=f"MPI.InitThread(args, MPI.THREAD_{level});", helpers=THREAD_HELPER)
prog(TH, "ExecutorAfterPlainInit", "thread_level", "after a plain MPI.Init, rank 0 sends from an executor's pool", """int[] buf = {1};
if (rank == 0) {
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor();
    pool.submit(() -> {
        MPI.COMM_WORLD.send(buf, 1, MPI.INT, 1, 0); // ERROR
        return null;
    }).get();
    pool.shutdown();
} else if (rank == 1) {
    world.recv(buf, 1, MPI.INT, 0, 0);
}""")
prog(TH, "ConcurrentAtSerialized", "thread_level", "at MPI_THREAD_SERIALIZED rank 0 receives on two threads at once", """int[] a = new int[1];
int[] b = new int[1];
if (rank == 0) {
    Thread t = new Thread(() -> {
        try {
            MPI.COMM_WORLD.recv(a, 1, MPI.INT, 1, 1); // ERROR
        } catch (MPIException e) {
            throw new IllegalStateException(e);
        }
    });
    t.start();
    world.recv(b, 1, MPI.INT, 1, 2); // ERROR
    t.join();
} else if (rank == 1) {
    Thread.sleep(500);
    world.send(b, 1, MPI.INT, 0, 2);
    world.send(a, 1, MPI.INT, 0, 1);
}""", init="MPI.InitThread(args, MPI.THREAD_SERIALIZED);")
prog(TH, "ThreadsAtMultiple", None, "at MPI_THREAD_MULTIPLE rank 0 receives on two threads at once", """int[] a = new int[1];
int[] b = new int[1];
if (rank == 0) {
    Thread t = new Thread(() -> {
        try {
            MPI.COMM_WORLD.recv(a, 1, MPI.INT, 1, 1);
        } catch (MPIException e) {
            throw new IllegalStateException(e);
        }
    });
    t.start();
    world.recv(b, 1, MPI.INT, 1, 2);
    t.join();
} else if (rank == 1) {
    world.send(b, 1, MPI.INT, 0, 2);
    world.send(a, 1, MPI.INT, 0, 1);
}""", init="MPI.InitThread(args, MPI.THREAD_MULTIPLE);")
prog(TH, "ExecutorAtMultiple", None, "at MPI_THREAD_MULTIPLE every rank sends from an executor's pool", """int[] out = {rank};
int[] in = new int[1];
int peer = 1 - rank;
java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
java.util.concurrent.Future<?> f = pool.submit(() -> {
    MPI.COMM_WORLD.send(out, 1, MPI.INT, peer, 0);
    return null;
});
world.recv(in, 1, MPI.INT, peer, 0);
f.get();
pool.shutdown();""", init="MPI.InitThread(args, MPI.THREAD_MULTIPLE);")
prog(TH, "SerializedTakingTurns", None, "at MPI_THREAD_SERIALIZED a second thread calls MPI while the main thread waits in join", """if (rank == 0) {
    onThread(() -> MPI.COMM_WORLD.barrier());
} else {
    world.barrier();
}""", init="MPI.InitThread(args, MPI.THREAD_SERIALIZED);", helpers=THREAD_HELPER)
prog(TH, "WtimeFromThreadAtSingle", None, "at MPI_THREAD_SINGLE a second thread calls only MPI_Wtime, which any thread may call", """onThread(() -> System.out.println("time " + MPI.wtime()));
world.barrier();""", init="MPI.InitThread(args, MPI.THREAD_SINGLE);", helpers=THREAD_HELPER)
prog(TH, "FunneledMainThreadOnly", None, "at MPI_THREAD_FUNNELED workers compute and only the main thread calls MPI", """int[] sum = new int[1];
Thread t = new Thread(() -> sum[0] = 21 * 2);
t.start();
t.join();
int[] out = new int[1];
world.allReduce(sum, out, 1, MPI.INT, MPI.SUM);""", init="MPI.InitThread(args, MPI.THREAD_FUNNELED);")
prog(TH, "ThreadLocalCommsAtMultiple", None, "at MPI_THREAD_MULTIPLE two threads each use their own duplicate of the world", """Comm c1 = world.dup();
Comm c2 = world.dup();
Thread t = new Thread(() -> {
    try {
        c1.barrier();
    } catch (MPIException e) {
        throw new IllegalStateException(e);
    }
});
t.start();
c2.barrier();
t.join();
c1.free();
c2.free();""", init="MPI.InitThread(args, MPI.THREAD_MULTIPLE);")

# ---------------------------------------------------------------- message race
MR = "messagerace"
prog(MR, "WildcardOrderAssumed", "message_race", "rank 0 receives from MPI_ANY_SOURCE and assumes rank 1's message comes first", """int[] buf = new int[1];
if (rank == 0) {
    world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
    int first = buf[0];
    world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0);
    if (first != 1) {
        System.out.println("the race went the other way: first " + first);
    }
} else {
    buf[0] = rank;
    world.send(buf, 1, MPI.INT, 0, 0);
}""", ranks=3)
prog(MR, "WildcardThenNamedDeadlocks", "message_race", "rank 0 receives from any source, then from rank 2, whose message the first took (rank 1 sends late)", """int[] buf = {rank};
if (rank == 0) {
    world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
    world.recv(buf, 1, MPI.INT, 2, 0); // ERROR
} else {
    if (rank == 1) {
        Thread.sleep(500);
    }
    world.sSend(buf, 1, MPI.INT, 0, 0); // ERROR
}""", ranks=3)
prog(MR, "WildcardAnyTagOrder", "message_race", "rank 0 receives with MPI_ANY_TAG from two senders and stores by arrival order", """int[] got = new int[2];
int[] buf = new int[1];
if (rank == 0) {
    for (int i = 0; i < 2; i++) {
        world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG); // ERROR
        got[i] = buf[0];
    }
    System.out.println("order " + got[0] + " " + got[1]);
} else {
    buf[0] = rank;
    world.send(buf, 1, MPI.INT, 0, rank);
}""", ranks=3)
prog(MR, "ProbeThenSpecificRecvRace", "message_race", "rank 0 probes MPI_ANY_SOURCE but then receives from MPI_ANY_SOURCE again, which may match another message", """int[] buf = new int[4];
if (rank == 0) {
    for (int i = 1; i < size; i++) {
        Status st = world.probe(MPI.ANY_SOURCE, 0);
        int n = st.getCount(MPI.INT);
        world.recv(buf, n, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
    }
} else {
    world.send(buf, rank, MPI.INT, 0, 0);
}""", ranks=3)
prog(MR, "WildcardFirstWins", "message_race", "rank 0 takes the first of two answers as the result; which one depends on timing", """int[] buf = {rank};
if (rank == 0) {
    world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 5); // ERROR
    System.out.println("result " + buf[0]);
    world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 5);
} else {
    world.send(buf, 1, MPI.INT, 0, 5);
}""", ranks=3)
prog(MR, "WildcardStatusStoredUnused", "message_race", "rank 0 keeps the status of an MPI_ANY_SOURCE receive, never reads it, takes the message for rank 1's", """int[] buf = new int[1];
if (rank == 0) {
    Status st = world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
    int fromOne = buf[0];
    world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0);
    System.out.println("rank 1 sent " + fromOne);
} else {
    buf[0] = rank;
    world.send(buf, 1, MPI.INT, 0, 0);
}""", ranks=3)
prog(MR, "IrecvAnySourceTwoSites", "message_race", "rank 0 posts two MPI_ANY_SOURCE iRecvs, drops their statuses, takes the first for rank 1's", """if (rank == 0) {
    IntBuffer a = MPI.newIntBuffer(1);
    IntBuffer b = MPI.newIntBuffer(1);
    Request first = world.iRecv(a, 1, MPI.INT, MPI.ANY_SOURCE, 0); // ERROR
    Request second = world.iRecv(b, 1, MPI.INT, MPI.ANY_SOURCE, 0);
    first.waitStatus();
    second.waitStatus();
    System.out.println("rank 1 sent " + a.get(0));
} else {
    int[] buf = {rank};
    world.send(buf, 1, MPI.INT, 0, 0);
}""", ranks=3)
MR_OK = [
    ("TwoSitesReadStatus", "rank 0 receives from MPI_ANY_SOURCE at two places and each reads the status' source", """int[] got = new int[size];
int[] buf = new int[1];
if (rank == 0) {
    Status st = world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0);
    got[st.getSource()] = buf[0];
    st = world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0);
    got[st.getSource()] = buf[0];
    System.out.println("from 1: " + got[1] + ", from 2: " + got[2]);
} else {
    buf[0] = rank;
    world.send(buf, 1, MPI.INT, 0, 0);
}"""),
    ("BarrierOrdersWildcards", "rank 2 sends after a barrier rank 0 enters after its first wildcard receive: that one takes rank 1's", """int[] buf = {rank};
if (rank == 0) {
    world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0);
    int fromOne = buf[0];
    world.barrier();
    world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0);
    System.out.println("rank 1 sent " + fromOne + ", rank 2 " + buf[0]);
} else if (rank == 1) {
    world.send(buf, 1, MPI.INT, 0, 0);
    world.barrier();
} else {
    world.barrier();
    world.send(buf, 1, MPI.INT, 0, 0);
}"""),
    ("ReplyChainOrdersWildcards", "rank 2 sends once rank 0 told it to after its first wildcard receive: that one takes rank 1's", """int[] buf = {rank};
if (rank == 0) {
    world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0);
    int fromOne = buf[0];
    world.send(buf, 1, MPI.INT, 2, 1);
    world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0);
    System.out.println("rank 1 sent " + fromOne + ", rank 2 " + buf[0]);
} else if (rank == 1) {
    world.send(buf, 1, MPI.INT, 0, 0);
} else {
    world.recv(buf, 1, MPI.INT, 0, 1);
    buf[0] = rank;
    world.send(buf, 1, MPI.INT, 0, 0);
}"""),
    ("WildcardUsesStatus", "rank 0 receives from MPI_ANY_SOURCE and stores each value by the status' source", """int[] got = new int[size];
int[] buf = new int[1];
if (rank == 0) {
    for (int i = 1; i < size; i++) {
        Status st = world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0);
        got[st.getSource()] = buf[0];
    }
} else {
    buf[0] = rank;
    world.send(buf, 1, MPI.INT, 0, 0);
}"""),
    ("WildcardSum", "rank 0 sums messages from MPI_ANY_SOURCE: the order does not matter", """int[] buf = new int[1];
if (rank == 0) {
    int sum = 0;
    for (int i = 1; i < size; i++) {
        world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0);
        sum += buf[0];
    }
    System.out.println("sum " + sum);
} else {
    buf[0] = rank;
    world.send(buf, 1, MPI.INT, 0, 0);
}"""),
    ("ProbeThenMatchingRecv", "rank 0 probes MPI_ANY_SOURCE and receives from the probed source", """int[] buf = new int[4];
if (rank == 0) {
    for (int i = 1; i < size; i++) {
        Status st = world.probe(MPI.ANY_SOURCE, 0);
        world.recv(buf, st.getCount(MPI.INT), MPI.INT, st.getSource(), 0);
    }
} else {
    world.send(buf, rank, MPI.INT, 0, 0);
}"""),
    ("WildcardDistinctTags", "rank 0 receives from MPI_ANY_SOURCE with a tag only one sender uses", """int[] buf = new int[1];
if (rank == 0) {
    world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 2);
    world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 1);
} else {
    world.send(buf, 1, MPI.INT, 0, rank);
}"""),
    ("NonOvertakingSameSource", "two messages from one source with one tag arrive in order (MPI guarantees it)", """int[] buf = new int[1];
if (rank == 0) {
    world.recv(buf, 1, MPI.INT, 1, 0);
    int first = buf[0];
    world.recv(buf, 1, MPI.INT, 1, 0);
    System.out.println(first + " then " + buf[0]);
} else if (rank == 1) {
    buf[0] = 1;
    world.send(buf, 1, MPI.INT, 0, 0);
    buf[0] = 2;
    world.send(buf, 1, MPI.INT, 0, 0);
}"""),
    ("MasterWorkerWildcard", "a master hands out work to whichever worker answers first", """int[] buf = new int[1];
if (rank == 0) {
    int tasks = 6;
    int sent = 0;
    for (int w = 1; w < size; w++) {
        buf[0] = sent++;
        world.send(buf, 1, MPI.INT, w, 1);
    }
    for (int done = 0; done < tasks; done++) {
        Status st = world.recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 2);
        buf[0] = sent < tasks ? sent++ : -1;
        world.send(buf, 1, MPI.INT, st.getSource(), 1);
    }
} else {
    while (true) {
        world.recv(buf, 1, MPI.INT, 0, 1);
        if (buf[0] < 0) {
            break;
        }
        world.send(buf, 1, MPI.INT, 0, 2);
    }
}"""),
]
for name, intent, body in MR_OK:
    prog(MR, name, None, intent, body, ranks=3)

# ---------------------------------------------------------------- call ordering
CO = "callordering"
prog(CO, "RecvRecv", "deadlock", "both ranks receive first", """int[] buf = new int[1];
int peer = 1 - rank;
world.recv(buf, 1, MPI.INT, peer, 0); // ERROR
world.send(buf, 1, MPI.INT, peer, 0);""")
prog(CO, "RecvRecvAmongFour", "deadlock", "ranks 0 and 1 receive from each other while ranks 2 and 3 wait in a barrier", """int[] buf = new int[1];
if (rank < 2) {
    world.recv(buf, 1, MPI.INT, 1 - rank, 0); // ERROR
    world.send(buf, 1, MPI.INT, 1 - rank, 0);
}
world.barrier();""", ranks=4)
prog(CO, "RecvWrongTag", "deadlock", "rank 1 waits for tag 2, rank 0 sends tag 1 and waits for an answer", """int[] buf = new int[1];
if (rank == 0) {
    world.send(buf, 1, MPI.INT, 1, 1);
    world.recv(buf, 1, MPI.INT, 1, 3); // ERROR
} else if (rank == 1) {
    world.recv(buf, 1, MPI.INT, 0, 2); // ERROR
    world.send(buf, 1, MPI.INT, 0, 3);
}""")
prog(CO, "MissingBarrier", "deadlock", "rank 1 skips the barrier the others enter", """if (rank != 1) {
    world.barrier(); // ERROR
}
int[] buf = new int[1];
if (rank == 1) {
    world.recv(buf, 1, MPI.INT, 0, 0); // ERROR
} else if (rank == 0) {
    world.send(buf, 1, MPI.INT, 1, 0);
}""")
prog(CO, "CollectiveOrderSwapped", "collective_mismatch", "rank 0 broadcasts then reduces, rank 1 reduces then broadcasts", """int[] a = {1};
int[] b = new int[1];
if (rank == 0) {
    world.bcast(a, 1, MPI.INT, 0); // ERROR
    world.reduce(a, b, 1, MPI.INT, MPI.SUM, 0);
} else {
    world.reduce(a, b, 1, MPI.INT, MPI.SUM, 0); // ERROR
    world.bcast(a, 1, MPI.INT, 0);
}""")
prog(CO, "WaitBeforeSend", "deadlock", "both ranks wait for their receive before they send", """IntBuffer in = MPI.newIntBuffer(1);
int[] out = new int[1];
int peer = 1 - rank;
Request r = world.iRecv(in, 1, MPI.INT, peer, 0);
r.waitFor(); // ERROR
world.send(out, 1, MPI.INT, peer, 0);""")
prog(CO, "RingAllReceiveFirst", "deadlock", "a ring where every rank receives from its left before sending right", """int[] buf = new int[1];
world.recv(buf, 1, MPI.INT, (rank + size - 1) % size, 0); // ERROR
world.send(buf, 1, MPI.INT, (rank + 1) % size, 0);""", ranks=3)
prog(CO, "RecvFromSelf", "deadlock", "each rank receives from itself before it sends to itself", """int[] buf = new int[1];
world.recv(buf, 1, MPI.INT, rank, 0); // ERROR
world.send(buf, 1, MPI.INT, rank, 0);""")
prog(CO, "SsendSsend", "deadlock", "both ranks send synchronously first", """int[] buf = new int[1];
int peer = 1 - rank;
world.sSend(buf, 1, MPI.INT, peer, 0); // ERROR
world.recv(buf, 1, MPI.INT, peer, 0);""")
prog(CO, "CallAfterFinalize", "call_after_finalize", "rank 0 calls MPI after MPI_Finalize", """world.barrier();
MPI.Finalize();
if (rank == 0) {
    try {
        System.out.println(MPI.COMM_WORLD.getRank()); // ERROR
    } catch (MPIException refused) {
        System.out.println("MPI refused: " + refused.getMessage());
    }
}
return;""")
prog(CO, "CallFromShutdownHook", "call_after_finalize",
     "rank 0's shutdown hook calls MPI: hooks run after main returned, when MPI is finalized", """if (rank == 0) {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
            System.out.println(MPI.COMM_WORLD.getRank()); // ERROR
        } catch (MPIException refused) {
            System.out.println("MPI refused: " + refused.getMessage());
        }
    }));
}
world.barrier();""")
CO_OK = [
    ("FinalizedAfterFinalize", "after MPI_Finalize rank 0 asks only whether MPI is finalized, as the standard allows", """world.barrier();
MPI.Finalize();
if (rank == 0) {
    System.out.println("finalized " + MPI.isFinalized());
}
return;""", 2),
    ("OrderedExchange", "rank 0 sends then receives, rank 1 receives then sends", """int[] buf = new int[1];
if (rank == 0) {
    world.send(buf, 1, MPI.INT, 1, 0);
    world.recv(buf, 1, MPI.INT, 1, 0);
} else if (rank == 1) {
    world.recv(buf, 1, MPI.INT, 0, 0);
    world.send(buf, 1, MPI.INT, 0, 0);
}""", 2),
    ("SendRecvExchange", "both ranks exchange with sendRecv", """int[] out = {rank};
int[] in = new int[1];
int peer = 1 - rank;
world.sendRecv(out, 1, MPI.INT, peer, 0, in, 1, MPI.INT, peer, 0);""", 2),
    ("IRecvThenSend", "both ranks post a nonblocking receive, send, then wait", """IntBuffer in = MPI.newIntBuffer(1);
int[] out = new int[1];
int peer = 1 - rank;
Request r = world.iRecv(in, 1, MPI.INT, peer, 0);
world.send(out, 1, MPI.INT, peer, 0);
r.waitFor();""", 2),
    ("OddEvenRing", "a ring where even ranks send first and odd ranks receive first", """int[] buf = new int[1];
int right = (rank + 1) % size;
int left = (rank + size - 1) % size;
if (rank % 2 == 0) {
    world.send(buf, 1, MPI.INT, right, 0);
    world.recv(buf, 1, MPI.INT, left, 0);
} else {
    world.recv(buf, 1, MPI.INT, left, 0);
    world.send(buf, 1, MPI.INT, right, 0);
}""", 4),
    ("SlowRank", "rank 1 computes for 3 seconds before answering: slow, not deadlocked", """int[] buf = new int[1];
if (rank == 0) {
    world.recv(buf, 1, MPI.INT, 1, 0);
} else if (rank == 1) {
    Thread.sleep(3000);
    world.send(buf, 1, MPI.INT, 0, 0);
}""", 2),
    ("SameCollectiveOrder", "every rank broadcasts then reduces", """int[] a = {1};
int[] b = new int[1];
world.bcast(a, 1, MPI.INT, 0);
world.reduce(a, b, 1, MPI.INT, MPI.SUM, 0);
world.barrier();""", 3),
    ("IntercommExchange", "two halves joined by an intercommunicator exchange through it", """Intracomm half = world.split(rank % 2, rank);
Intercomm inter = world.createIntercomm(half, 0, 1 - rank % 2, 9);
int[] buf = {rank};
int[] in = new int[1];
inter.sendRecv(buf, 1, MPI.INT, half.getRank(), 0, in, 1, MPI.INT, half.getRank(), 0);
inter.free();
half.free();""", 4),
    ("IntercommBcast", "an intercommunicator broadcast: the root passes MPI.ROOT, its group MPI.PROC_NULL", """Intracomm half = world.split(rank % 2, rank);
Intercomm inter = world.createIntercomm(half, 0, 1 - rank % 2, 9);
int[] buf = {rank};
int root = rank % 2 == 0 ? (half.getRank() == 0 ? MPI.ROOT : MPI.PROC_NULL) : 0;
inter.bcast(buf, 1, MPI.INT, root);
inter.free();
half.free();""", 4),
    ("SubCommunicatorCollectives", "each half of a split communicator runs its own allreduce", """Intracomm half = world.split(rank % 2, rank);
int[] in = {rank};
int[] out = new int[1];
half.allReduce(in, out, 1, MPI.INT, MPI.SUM);
half.free();""", 4),
    ("TestLoopWaiting", "rank 0 spins on test() until rank 1 sends after a pause", """IntBuffer buf = MPI.newIntBuffer(1);
if (rank == 0) {
    Request r = world.iRecv(buf, 1, MPI.INT, 1, 0);
    while (!r.test()) {
        Thread.sleep(10);
    }
} else if (rank == 1) {
    Thread.sleep(1000);
    world.send(buf, 1, MPI.INT, 0, 0);
}""", 2),
]
for name, intent, body, r in CO_OK:
    prog(CO, name, None, intent, body, ranks=r)

# ---------------------------------------------------------------- buffering hazard
BH = "bufferinghazard"
for n in [1, 16, 256]:
    prog(BH, f"SendSendEager{n}", "buffering_deadlock", f"both ranks send {n} ints before receiving: works only because MPI buffers small standard sends",
         f"""int[] buf = new int[{n}];
int peer = 1 - rank;
world.send(buf, {n}, MPI.INT, peer, 0); // ERROR
world.recv(buf, {n}, MPI.INT, peer, 0);""")
for n in [1 << 20, 1 << 22]:
    prog(BH, f"SendSendLarge{n >> 20}M", "deadlock", f"both ranks send {n} ints before receiving: too large to buffer, both block",
         f"""int[] buf = new int[{n}];
int peer = 1 - rank;
world.send(buf, {n}, MPI.INT, peer, 0); // ERROR
world.recv(buf, {n}, MPI.INT, peer, 0);""")
prog(BH, "RingSendFirstLarge", "deadlock", "a ring of 3 where every rank sends 1 Mi ints before receiving", """int[] buf = new int[1 << 20];
world.send(buf, 1 << 20, MPI.INT, (rank + 1) % size, 0); // ERROR
world.recv(buf, 1 << 20, MPI.INT, (rank + size - 1) % size, 0);""", ranks=3)
prog(BH, "RingSendFirstEager", "buffering_deadlock", "a ring of 3 where every rank sends one int before receiving: works only through eager buffering", """int[] buf = new int[1];
world.send(buf, 1, MPI.INT, (rank + 1) % size, 0); // ERROR
world.recv(buf, 1, MPI.INT, (rank + size - 1) % size, 0);""", ranks=3)
prog(BH, "SendSsendOneSide", "buffering_deadlock", "rank 0 sSends, rank 1 sends 4 ints, both before receiving: only rank 1's buffered message lets it complete", """int[] buf = new int[4];
if (rank == 0) {
    world.sSend(buf, 4, MPI.INT, 1, 0); // ERROR
    world.recv(buf, 4, MPI.INT, 1, 0);
} else if (rank == 1) {
    world.send(buf, 4, MPI.INT, 0, 0); // ERROR
    world.recv(buf, 4, MPI.INT, 0, 0);
}""")
prog(BH, "RingOfFourSendFirst", "buffering_deadlock", "a ring of 4 where every rank sends 16 ints right before it receives from its left", """int[] buf = new int[16];
world.send(buf, 16, MPI.INT, (rank + 1) % size, 0); // ERROR
world.recv(buf, 16, MPI.INT, (rank + size - 1) % size, 0);""", ranks=4)
prog(BH, "SendSendInLoop", "buffering_deadlock", "both ranks send 8 doubles before receiving, 100 times", """double[] buf = new double[8];
int peer = 1 - rank;
for (int i = 0; i < 100; i++) {
    world.send(buf, 8, MPI.DOUBLE, peer, i); // ERROR
    world.recv(buf, 8, MPI.DOUBLE, peer, i);
}""")
prog(BH, "BsendBufferTooSmall", "invalid_argument", "rank 0 bSends 4000 bytes from an attached buffer of 1024 bytes", """world.setErrhandler(MPI.ERRORS_RETURN);
int[] buf = new int[1000];
if (rank == 0) {
    MPI.attachBuffer(new byte[1024]);
    try {
        world.bSend(buf, 1000, MPI.INT, 1, 0); // ERROR
    } catch (MPIException refused) {
        System.out.println("MPI refused: " + refused.getMessage());
        world.send(buf, 1000, MPI.INT, 1, 0);
    }
    MPI.detachBuffer();
} else if (rank == 1) {
    world.recv(buf, 1000, MPI.INT, 0, 0);
}""")
prog(BH, "BsendWithoutBuffer", "invalid_argument", "rank 0 uses bSend without attaching a buffer", """world.setErrhandler(MPI.ERRORS_RETURN);
int[] buf = new int[1000];
if (rank == 0) {
    try {
        world.bSend(buf, 1000, MPI.INT, 1, 0); // ERROR
    } catch (MPIException refused) {
        System.out.println("MPI refused: " + refused.getMessage());
        world.send(buf, 1000, MPI.INT, 1, 0);
    }
} else if (rank == 1) {
    world.recv(buf, 1000, MPI.INT, 0, 0);
}""")
BH_OK = [
    ("BsendWithAttachedBuffer", "both ranks bSend first from an attached buffer large enough", """MPI.attachBuffer(new byte[64 * 1024]);
int[] buf = new int[1000];
int peer = 1 - rank;
world.bSend(buf, 1000, MPI.INT, peer, 0);
world.recv(buf, 1000, MPI.INT, peer, 0);
MPI.detachBuffer();"""),
    ("LargeSendRecv", "both ranks exchange 1 Mi ints with sendRecv", """int[] out = new int[1 << 20];
int[] in = new int[1 << 20];
int peer = 1 - rank;
world.sendRecv(out, 1 << 20, MPI.INT, peer, 0, in, 1 << 20, MPI.INT, peer, 0);"""),
    ("LargeISendThenRecv", "both ranks start a nonblocking send of 1 Mi ints, receive, then wait", """IntBuffer out = MPI.newIntBuffer(1 << 20);
int[] in = new int[1 << 20];
int peer = 1 - rank;
Request r = world.iSend(out, 1 << 20, MPI.INT, peer, 0);
world.recv(in, 1 << 20, MPI.INT, peer, 0);
r.waitFor();"""),
    ("LargeOrderedExchange", "rank 0 sends first, rank 1 receives first: 1 Mi ints", """int[] buf = new int[1 << 20];
if (rank == 0) {
    world.send(buf, 1 << 20, MPI.INT, 1, 0);
    world.recv(buf, 1 << 20, MPI.INT, 1, 0);
} else if (rank == 1) {
    world.recv(buf, 1 << 20, MPI.INT, 0, 0);
    world.send(buf, 1 << 20, MPI.INT, 0, 0);
}"""),
    ("RingIRecvFirst", "a ring of 3: every rank posts its receive, sends 1 Mi ints, waits", """IntBuffer in = MPI.newIntBuffer(1 << 20);
int[] out = new int[1 << 20];
Request r = world.iRecv(in, 1 << 20, MPI.INT, (rank + size - 1) % size, 0);
world.send(out, 1 << 20, MPI.INT, (rank + 1) % size, 0);
r.waitFor();"""),
    ("SsendOrdered", "synchronous sends in an order that cannot block", """int[] buf = new int[4];
if (rank == 0) {
    world.sSend(buf, 4, MPI.INT, 1, 0);
    world.recv(buf, 4, MPI.INT, 1, 0);
} else if (rank == 1) {
    world.recv(buf, 4, MPI.INT, 0, 0);
    world.sSend(buf, 4, MPI.INT, 0, 0);
}"""),
]
BH_OK += [
    ("RingISendFirst", "a ring of 3: every rank starts a nonblocking send of 1 Mi ints, receives, waits", """IntBuffer out = MPI.newIntBuffer(1 << 20);
int[] in = new int[1 << 20];
Request r = world.iSend(out, 1 << 20, MPI.INT, (rank + 1) % size, 0);
world.recv(in, 1 << 20, MPI.INT, (rank + size - 1) % size, 0);
r.waitFor();"""),
    ("RingEvenRanksSendFirst", "a ring of 4: even ranks send first, odd ranks receive first: safe with no buffering", """int[] buf = new int[1 << 18];
int right = (rank + 1) % size;
int left = (rank + size - 1) % size;
if (rank % 2 == 0) {
    world.send(buf, 1 << 18, MPI.INT, right, 0);
    world.recv(buf, 1 << 18, MPI.INT, left, 0);
} else {
    world.recv(buf, 1 << 18, MPI.INT, left, 0);
    world.send(buf, 1 << 18, MPI.INT, right, 0);
}"""),
    ("PingPongLoop", "rank 0 sends then receives, rank 1 receives then sends, 100 times", """double[] buf = new double[8];
for (int i = 0; i < 100; i++) {
    if (rank == 0) {
        world.send(buf, 8, MPI.DOUBLE, 1, i);
        world.recv(buf, 8, MPI.DOUBLE, 1, i);
    } else if (rank == 1) {
        world.recv(buf, 8, MPI.DOUBLE, 0, i);
        world.send(buf, 8, MPI.DOUBLE, 0, i);
    }
}"""),
]
for name, intent, body in BH_OK:
    prog(BH, name, None, intent, body, ranks=4 if "RingEven" in name else 3 if "Ring" in name else 2)

# ---------------------------------------------------------------- global concurrency (one-sided)
GC = "globalconcurrency"
prog(GC, "PutPutSameTarget", "rma_race", "ranks 1 and 2 put to the same place of rank 0's window in one epoch", """IntBuffer mem = MPI.newIntBuffer(1);
IntBuffer val = MPI.newIntBuffer(1);
val.put(0, rank);
Win win = new Win(mem, 1, 1, MPI.INFO_NULL, world);
win.fence(0);
if (rank != 0) {
    win.put(val, 1, MPI.INT, 0, 0, 1, MPI.INT); // ERROR
}
win.fence(0);
win.free();""", ranks=3)
prog(GC, "LocalWriteDuringEpoch", "rma_race", "rank 0 writes its window memory while rank 1 puts to it in the same epoch", """IntBuffer mem = MPI.newIntBuffer(1);
IntBuffer val = MPI.newIntBuffer(1);
Win win = new Win(mem, 1, 1, MPI.INFO_NULL, world);
win.fence(0);
if (rank == 1) {
    win.put(val, 1, MPI.INT, 0, 0, 1, MPI.INT);
} else if (rank == 0) {
    mem.put(0, 9); // ERROR
}
win.fence(0);
win.free();""")
prog(GC, "PutDisjointPlaces", None, "ranks put to disjoint places of rank 0's window in one epoch", """IntBuffer mem = MPI.newIntBuffer(size);
IntBuffer val = MPI.newIntBuffer(1);
val.put(0, rank);
Win win = new Win(mem, size, 1, MPI.INFO_NULL, world);
win.fence(0);
if (rank != 0) {
    win.put(val, 1, MPI.INT, 0, rank, 1, MPI.INT);
}
win.fence(0);
win.free();""", ranks=3)
prog(GC, "PutSeparateEpochs", None, "ranks 1 and 2 put to the same place in separate epochs", """IntBuffer mem = MPI.newIntBuffer(1);
IntBuffer val = MPI.newIntBuffer(1);
val.put(0, rank);
Win win = new Win(mem, 1, 1, MPI.INFO_NULL, world);
win.fence(0);
if (rank == 1) {
    win.put(val, 1, MPI.INT, 0, 0, 1, MPI.INT);
}
win.fence(0);
if (rank == 2) {
    win.put(val, 1, MPI.INT, 0, 0, 1, MPI.INT);
}
win.fence(0);
win.free();""", ranks=3)

prog(GC, "GetPutSameTarget", "rma_race", "rank 1 gets the place of rank 0's window that rank 2 puts to, in one epoch", """IntBuffer mem = MPI.newIntBuffer(1);
IntBuffer val = MPI.newIntBuffer(1);
Win win = new Win(mem, 1, 1, MPI.INFO_NULL, world);
win.fence(0);
if (rank == 1) {
    win.get(val, 1, MPI.INT, 0, 0, 1, MPI.INT);
} else if (rank == 2) {
    win.put(val, 1, MPI.INT, 0, 0, 1, MPI.INT); // ERROR
}
win.fence(0);
win.free();""", ranks=3)
prog(GC, "AccumulatePutSameTarget", "rma_race", "rank 1 adds to the place of rank 0's window that rank 2 puts to, in one epoch", """IntBuffer mem = MPI.newIntBuffer(4);
IntBuffer val = MPI.newIntBuffer(2);
Win win = new Win(mem, 4, 1, MPI.INFO_NULL, world);
win.fence(0);
if (rank == 1) {
    win.accumulate(val, 2, MPI.INT, 0, 0, 2, MPI.INT, MPI.SUM);
} else if (rank == 2) {
    win.put(val, 1, MPI.INT, 0, 1, 1, MPI.INT); // ERROR
}
win.fence(0);
win.free();""", ranks=3)
prog(GC, "PutPutOnSplitWindow", "rma_race", "on a window of world ranks 2 and 3 both put to the same place of world rank 2's memory in one epoch", """IntBuffer mem = MPI.newIntBuffer(1);
IntBuffer val = MPI.newIntBuffer(1);
Intracomm part = world.split(rank / 2, rank);
// One half after the other: Open MPI 4.1's osc/rdma names its shared segment by node, job and
// context id, and both halves of a split have the same context id, so windows created at
// the same time on them collide (open-mpi/ompi#9492; MPI_ERR_WIN now and then).
Win win = null;
for (int half = 0; half < 2; half++) {
    if (rank / 2 == half) {
        win = new Win(mem, 1, 1, MPI.INFO_NULL, part);
    }
    world.barrier();
}
win.fence(0);
if (rank >= 2) {
    win.put(val, 1, MPI.INT, 0, 0, 1, MPI.INT); // ERROR
}
win.fence(0);
win.free();
part.free();""", ranks=4)
prog(GC, "AccumulateSamePlace", None, "ranks 1 and 2 add to the same place of rank 0's window in one epoch (accumulates are atomic per element)", """IntBuffer mem = MPI.newIntBuffer(1);
IntBuffer val = MPI.newIntBuffer(1);
val.put(0, rank);
Win win = new Win(mem, 1, 1, MPI.INFO_NULL, world);
win.fence(0);
if (rank != 0) {
    win.accumulate(val, 1, MPI.INT, 0, 0, 1, MPI.INT, MPI.SUM);
}
win.fence(0);
win.free();""", ranks=3)
prog(GC, "GetGetSamePlace", None, "ranks 1 and 2 read the same place of rank 0's window in one epoch", """IntBuffer mem = MPI.newIntBuffer(1);
IntBuffer val = MPI.newIntBuffer(1);
Win win = new Win(mem, 1, 1, MPI.INFO_NULL, world);
win.fence(0);
if (rank != 0) {
    win.get(val, 1, MPI.INT, 0, 0, 1, MPI.INT);
}
win.fence(0);
win.free();""", ranks=3)
prog(GC, "PutEachIterationOwnPlace", None, "in each of 20 epochs every rank puts its value to its own place of rank 0's window", """IntBuffer mem = MPI.newIntBuffer(size);
IntBuffer val = MPI.newIntBuffer(1);
Win win = new Win(mem, size, 1, MPI.INFO_NULL, world);
win.fence(0);
for (int i = 0; i < 20; i++) {
    val.put(0, rank * 100 + i);
    win.put(val, 1, MPI.INT, 0, rank, 1, MPI.INT);
    win.fence(0);
}
win.free();""", ranks=3)

TEMPLATE = """// corpus: category={category} ranks={ranks}
// intent: {intent}
// expect: {expect}
package org.qmpi4j.corpus.openmpi.{category};

import java.nio.*;
import mpi.*;

/** Corpus program ({category}): {intent_doc}. */
public final class {name} {{
    private {name}() {{}}

    public static void main(String[] args) throws Exception {{
        {init}
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
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
