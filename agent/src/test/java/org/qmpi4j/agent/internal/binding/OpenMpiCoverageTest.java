package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.qmpi4j.api.MpiFunction;

/**
 * Holds the Open MPI descriptor to the real mpi.jar: every public method of every public class is
 * mapped or excluded with a reason, and every line of the descriptor names a method that really
 * exists, with role parameters of fitting types. Compiler-generated bridge and synthetic methods
 * are not API (javac never emits call sites to them) and are not counted.
 */
class OpenMpiCoverageTest {
    static BindingDescriptor openmpi;
    /** Every class in mpi.jar, by internal name. */
    static final Map<String, JarClass> CLASSES = new TreeMap<>();

    static final class JarClass {
        String name;
        String superName;
        int access;
        boolean publicClass;
        final Map<String, Integer> methods = new LinkedHashMap<>(); // name + desc -> access
        final Map<String, String> fields = new LinkedHashMap<>(); // name -> desc
    }

    @BeforeAll
    static void readJarAndDescriptor() throws IOException {
        openmpi = BindingCatalog.load().descriptor("openmpi");
        assertThat(openmpi).as("openmpi descriptor in " + BindingCatalog.INDEX).isNotNull();
        try (JarFile jar = new JarFile(OpenMpiJar.file())) {
            for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements();) {
                JarEntry entry = e.nextElement();
                if (!entry.getName().endsWith(".class")) {
                    continue;
                }
                try (InputStream in = jar.getInputStream(entry)) {
                    JarClass c = read(in.readAllBytes());
                    CLASSES.put(c.name, c);
                }
            }
        }
        assertThat(CLASSES).as("classes in mpi.jar").containsKeys("mpi/MPI", "mpi/Comm", "mpi/Datatype");
    }

    private static JarClass read(byte[] bytes) {
        JarClass c = new JarClass();
        new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public void visit(int version, int access, String name, String signature, String superName,
                    String[] interfaces) {
                c.name = name;
                c.superName = superName;
                c.access = access;
                c.publicClass = (access & Opcodes.ACC_PUBLIC) != 0;
            }

            @Override
            public void visitInnerClass(String name, String outerName, String innerName, int access) {
                if (name.equals(c.name)) {
                    c.publicClass = (access & Opcodes.ACC_PUBLIC) != 0; // a member class: its declared access
                }
            }

            @Override
            public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
                c.fields.put(name, descriptor);
                return null;
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                c.methods.put(name + descriptor, access);
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return c;
    }

    static boolean isApi(int access) {
        return (access & Opcodes.ACC_PUBLIC) != 0 && (access & (Opcodes.ACC_SYNTHETIC | Opcodes.ACC_BRIDGE)) == 0;
    }

    static boolean isSubclass(String cls, String ancestor) {
        for (String c = cls; c != null; c = CLASSES.containsKey(c) ? CLASSES.get(c).superName : null) {
            if (c.equals(ancestor)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void everyPublicMethodIsMappedOrExcluded() {
        int total = 0;
        int mapped = 0;
        int excluded = 0;
        List<String> neither = new ArrayList<>();
        for (JarClass c : CLASSES.values()) {
            if (!c.publicClass) {
                continue;
            }
            for (Map.Entry<String, Integer> m : c.methods.entrySet()) {
                if (!isApi(m.getValue())) {
                    continue;
                }
                total++;
                String nameDesc = m.getKey();
                int paren = nameDesc.indexOf('(');
                String name = nameDesc.substring(0, paren);
                String desc = nameDesc.substring(paren);
                if (openmpi.find(c.name, name, desc) != null) {
                    mapped++;
                } else if (openmpi.isExcluded(c.name, name, desc)) {
                    assertThat(openmpi.exclusionReason(c.name, name, desc)).as("reason for " + c.name + "." + nameDesc)
                            .isNotBlank();
                    excluded++;
                } else {
                    neither.add(c.name + " " + name + " " + desc);
                }
            }
        }
        System.out.println("Open MPI mpi.jar coverage: mapped " + mapped + "/" + total + " public methods ("
                + excluded + " excluded)");
        assertThat(neither).as("public methods of mpi.jar neither mapped nor excluded in " + openmpi.resource())
                .isEmpty();
        assertThat(mapped + excluded).isEqualTo(total);
        assertThat(mapped).isEqualTo(openmpi.mappings().size());
    }

    @Test
    void everyMappingNamesARealPublicMethod() {
        List<String> problems = new ArrayList<>();
        for (MethodMapping m : openmpi.mappings()) {
            JarClass c = CLASSES.get(m.owner());
            Integer access = c == null ? null : c.methods.get(m.name() + m.descriptor());
            if (access == null) {
                problems.add("no such method in mpi.jar: " + m.methodKey());
            } else if (!c.publicClass || !isApi(access)) {
                problems.add("not public API: " + m.methodKey());
            } else if (((access & Opcodes.ACC_STATIC) != 0) != m.isStatic()) {
                problems.add((m.isStatic() ? "marked static but is an instance method: " : "static but not marked so: ")
                        + m.methodKey());
            } else if (m.parameterCount() != Type.getArgumentTypes(m.descriptor()).length) {
                problems.add("parameter count: " + m.methodKey());
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void everyExclusionNamesARealPublicMethod() {
        List<String> problems = new ArrayList<>();
        for (String[] e : openmpi.exclusions()) {
            JarClass c = CLASSES.get(e[0]);
            if (c == null) {
                problems.add("no class " + e[0]);
                continue;
            }
            boolean found = false;
            for (Map.Entry<String, Integer> m : c.methods.entrySet()) {
                boolean matches = e[2].equals("*") ? m.getKey().startsWith(e[1] + "(") : m.getKey().equals(e[1] + e[2]);
                found |= matches && isApi(m.getValue());
            }
            if (!found) {
                problems.add("excluded but not a public method of mpi.jar: " + String.join(" ", e[0], e[1], e[2]));
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void rolesFitParameterTypes() {
        List<String> problems = new ArrayList<>();
        for (MethodMapping m : openmpi.mappings()) {
            Type[] params = Type.getArgumentTypes(m.descriptor());
            String ret = Type.getReturnType(m.descriptor()).getDescriptor();
            for (Role r : Role.values()) {
                int at = m.role(r);
                if (at == MethodMapping.NONE) {
                    continue;
                }
                String what = r.keyword() + "=" + at + " in " + m.methodKey();
                if (at == MethodMapping.RECEIVER) {
                    boolean ok = r == Role.COMM ? isSubclass(m.owner(), "mpi/Comm")
                            : r == Role.REQUEST ? isSubclass(m.owner(), "mpi/Request")
                            : r == Role.DATATYPE && m.owner().equals("mpi/Datatype");
                    if (!ok || m.isStatic()) {
                        problems.add("receiver does not fit " + what);
                    }
                    continue;
                }
                if (at == MethodMapping.RETURN) {
                    if (r != Role.REQUEST || !ret.startsWith("L") || !isSubclass(internal(ret), "mpi/Request")) {
                        problems.add("return value does not fit " + what);
                    }
                    continue;
                }
                if (at < 0 || at >= params.length) {
                    problems.add("out of range " + what);
                    continue;
                }
                String p = params[at].getDescriptor();
                boolean ok;
                switch (r) {
                    case COUNT:
                    case OFFSET:
                    case PEER:
                    case TAG:
                        ok = p.equals("I");
                        break;
                    case BUFFER:
                        ok = p.equals("Ljava/lang/Object;") || p.matches("Ljava/nio/[A-Za-z]*Buffer;")
                                || (p.length() == 2 && p.charAt(0) == '[');
                        break;
                    case DATATYPE:
                        ok = p.equals("Lmpi/Datatype;");
                        break;
                    case COMM:
                        ok = p.startsWith("L") && isSubclass(internal(p), "mpi/Comm");
                        break;
                    case REQUEST:
                        String element = p.startsWith("[") ? p.substring(1) : p;
                        ok = element.startsWith("L") && isSubclass(internal(element), "mpi/Request");
                        break;
                    default:
                        ok = false;
                }
                if (!ok) {
                    problems.add("parameter type " + p + " does not fit " + what);
                }
            }
            if (m.has(Role.COUNT) && !(m.has(Role.BUFFER) && m.has(Role.DATATYPE))) {
                problems.add("count without buf and type (bytes cannot be computed): " + m.methodKey());
            }
            if (m.function().movesData() && m.has(Role.BUFFER) && m.has(Role.COUNT)
                    && (m.role(Role.COUNT) != m.role(Role.BUFFER) + 1 && m.role(Role.COUNT) != m.role(Role.BUFFER) + 2)) {
                problems.add("count is not next to its buffer: " + m.methodKey());
            }
        }
        assertThat(problems).isEmpty();
    }

    private static String internal(String objectDescriptor) {
        return objectDescriptor.substring(1, objectDescriptor.length() - 1);
    }

    @Test
    void headerNamesRealMembers() {
        for (String[] f : openmpi.fingerprints()) {
            assertThat(CLASSES.get(f[0]).methods).as("fingerprint " + String.join(" ", f)).containsKey(f[1] + f[2]);
        }
        String[] size = openmpi.datatypeSizeMethod();
        Integer access = CLASSES.get(size[0]).methods.get(size[1] + size[2]);
        assertThat(access).as("datatype-size method").isNotNull();
        assertThat(access & Opcodes.ACC_STATIC).as("datatype-size is an instance method").isZero();
        assertThat(access & Opcodes.ACC_PUBLIC).as("datatype-size is public").isNotZero();
        String[] unit = openmpi.datatypeSizeUnit();
        assertThat(CLASSES.get(unit[0]).fields).as("datatype-size-unit field").containsEntry(unit[1], unit[2]);
        JarClass constants = CLASSES.get(openmpi.constantsClass());
        assertThat(constants.fields).containsKeys("COMM_WORLD", "INT", "DOUBLE", "SUM", "ANY_SOURCE");
        for (String cls : CLASSES.keySet()) {
            assertThat(openmpi.ownsClass(cls)).as("owns " + cls).isTrue();
        }
        assertThat(openmpi.ownsClass("org/example/App")).isFalse();
        assertThat(openmpi.ownsClass("mpiapp/Main")).isFalse();
    }

    @Test
    void everyMappedFunctionHasOneCanonicalOverload() {
        Set<MpiFunction> mapped = EnumSet.noneOf(MpiFunction.class);
        for (MethodMapping m : openmpi.mappings()) {
            mapped.add(m.function());
        }
        for (MpiFunction f : mapped) {
            MethodMapping c = openmpi.canonical(f);
            assertThat(c).as("canonical " + f).isNotNull();
            assertThat(c.function()).isEqualTo(f);
            assertThat(c.canonical()).isTrue();
        }
        long canonicals = openmpi.mappings().stream().filter(MethodMapping::canonical).count();
        assertThat(canonicals).isEqualTo(mapped.size());
        // Functions appended to MpiFunction for this binding are used by it.
        assertThat(mapped).contains(MpiFunction.MPI_COMM_DUP_WITH_INFO, MpiFunction.MPI_GET_ELEMENTS_X,
                MpiFunction.MPI_STATUS_SET_ELEMENTS, MpiFunction.MPI_STATUS_SET_ELEMENTS_X,
                MpiFunction.MPI_STATUS_SET_CANCELLED);
    }

    @Test
    void spotChecks() {
        check("mpi/Comm", "getRank", "()I", MpiFunction.MPI_COMM_RANK);
        check("mpi/Comm", "getSize", "()I", MpiFunction.MPI_COMM_SIZE);
        check("mpi/Group", "getSize", "()I", MpiFunction.MPI_GROUP_SIZE);
        check("mpi/MPI", "Init", "([Ljava/lang/String;)[Ljava/lang/String;", MpiFunction.MPI_INIT);
        check("mpi/MPI", "InitThread", "([Ljava/lang/String;I)I", MpiFunction.MPI_INIT_THREAD);
        check("mpi/MPI", "Finalize", "()V", MpiFunction.MPI_FINALIZE);
        check("mpi/MPI", "wtime", "()D", MpiFunction.MPI_WTIME);
        check("mpi/MPI", "pControl", "(ILjava/lang/Object;)V", MpiFunction.MPI_PCONTROL);
        check("mpi/Request", "waitFor", "()V", MpiFunction.MPI_WAIT);
        check("mpi/Request", "waitAll", "([Lmpi/Request;)V", MpiFunction.MPI_WAITALL);
        check("mpi/Comm", "getName", "()Ljava/lang/String;", MpiFunction.MPI_COMM_GET_NAME);
        check("mpi/Datatype", "getSize", "()I", MpiFunction.MPI_TYPE_SIZE);
        check("mpi/Status", "getCount", "(Lmpi/Datatype;)I", MpiFunction.MPI_GET_COUNT);
        check("mpi/Win", "<init>", "(Ljava/nio/Buffer;IILmpi/Info;Lmpi/Comm;)V", MpiFunction.MPI_WIN_CREATE);

        MethodMapping isend = check("mpi/Comm", "iSend", "(Ljava/nio/Buffer;ILmpi/Datatype;II)Lmpi/Request;",
                MpiFunction.MPI_ISEND);
        assertThat(isend.role(Role.COMM)).isEqualTo(MethodMapping.RECEIVER);
        assertThat(isend.role(Role.BUFFER)).isZero();
        assertThat(isend.role(Role.COUNT)).isEqualTo(1);
        assertThat(isend.role(Role.DATATYPE)).isEqualTo(2);
        assertThat(isend.role(Role.PEER)).isEqualTo(3);
        assertThat(isend.role(Role.TAG)).isEqualTo(4);
        assertThat(isend.role(Role.REQUEST)).isEqualTo(MethodMapping.RETURN);

        MethodMapping allreduce = check("mpi/Comm", "allReduce",
                "(Ljava/lang/Object;Ljava/lang/Object;ILmpi/Datatype;Lmpi/Op;)V", MpiFunction.MPI_ALLREDUCE);
        assertThat(allreduce.canonical()).isTrue();
        assertThat(allreduce.role(Role.BUFFER)).as("send buffer").isZero();
        assertThat(allreduce.role(Role.COUNT)).isEqualTo(2);
        MethodMapping reduce = check("mpi/Comm", "reduce", "(Ljava/lang/Object;ILmpi/Datatype;Lmpi/Op;I)V",
                MpiFunction.MPI_REDUCE);
        assertThat(reduce.canonical()).as("in-place overload is not canonical").isFalse();
        assertThat(reduce.role(Role.PEER)).as("root").isEqualTo(4);
        MethodMapping recv = check("mpi/Comm", "recv", "(Ljava/lang/Object;ILmpi/Datatype;II)Lmpi/Status;",
                MpiFunction.MPI_RECV);
        assertThat(recv.role(Role.BUFFER)).as("receive buffer").isZero();
        MethodMapping wait = check("mpi/Request", "waitFor", "()V", MpiFunction.MPI_WAIT);
        assertThat(wait.role(Role.REQUEST)).isEqualTo(MethodMapping.RECEIVER);
    }

    private static MethodMapping check(String owner, String name, String desc, MpiFunction f) {
        MethodMapping m = openmpi.find(owner, name, desc);
        assertThat(m).as(owner + "." + name + desc).isNotNull();
        assertThat(m.function()).as(owner + "." + name + desc).isEqualTo(f);
        return m;
    }
}
