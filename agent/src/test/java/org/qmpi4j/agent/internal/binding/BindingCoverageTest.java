package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * Holds a binding's descriptor to the binding's real jar: every public method of every public
 * class of the binding's API package is mapped or excluded with a reason, and every line of the
 * descriptor names a method that really exists, with role parameters of fitting types.
 * Compiler-generated bridge and synthetic methods are not API (javac never emits call sites to
 * them) and are not counted. One subclass per shipped descriptor names the jar and adds spot
 * checks of what is specific to its binding.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BindingCoverageTest {
    BindingDescriptor binding;
    /** The binding version the jar is, by the descriptor's {@code version} lines; null without any. */
    @Nullable
    String jarVersion;
    /** Every class in the jar, by internal name. */
    final Map<String, JarClass> classes = new TreeMap<>();

    /** The descriptor's id in the shipped catalog. */
    abstract String descriptorId();

    /** The binding's real jar. */
    abstract File jar();

    /** Name of the binding in the printed figure, e.g. {@code Open MPI mpi.jar}. */
    abstract String jarTitle();

    /** Internal-name prefix of the package whose public classes are the binding's API. */
    String apiPackage() {
        return "mpi/";
    }

    static final class JarClass {
        String name = "";

        @Nullable
        String superName;

        int access;
        boolean publicClass;
        final Map<String, Integer> methods = new LinkedHashMap<>(); // name + desc -> access
        final Map<String, String> fields = new LinkedHashMap<>(); // name -> desc
    }

    @BeforeAll
    void readJarAndDescriptor() throws IOException {
        binding = Objects.requireNonNull(BindingCatalog.load().descriptor(descriptorId()));
        assertThat(binding)
                .as(descriptorId() + " descriptor in " + BindingCatalog.INDEX)
                .isNotNull();
        try (JarFile jar = new JarFile(jar())) {
            for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                JarEntry entry = e.nextElement();
                if (!entry.getName().endsWith(".class")) {
                    continue;
                }
                try (InputStream in = jar.getInputStream(entry)) {
                    JarClass c = read(in.readAllBytes());
                    classes.put(c.name, c);
                }
            }
        }
        assertThat(classes).as("classes in " + jar()).containsKeys("mpi/MPI", "mpi/Comm", "mpi/Datatype");
        for (String[] v : binding.versionMarks()) {
            JarClass c = v.length == 1 ? null : classes.get(v[1]);
            if (v.length == 1 || (c != null && c.methods.containsKey(v[2] + v[3]))) {
                jarVersion = v[0];
                break;
            }
        }
    }

    /** Whether a mapping's line is for the jar's version ({@code in=} absent or equal). */
    boolean forThisJar(MethodMapping m) {
        String v = binding.versionOf(m);
        return v == null || v.equals(jarVersion);
    }

    private static JarClass read(byte[] bytes) {
        JarClass c = new JarClass();
        new ClassReader(bytes)
                .accept(
                        new ClassVisitor(Opcodes.ASM9) {
                            @Override
                            public void visit(
                                    int version,
                                    int access,
                                    String name,
                                    String signature,
                                    String superName,
                                    String[] interfaces) {
                                c.name = name;
                                c.superName = superName;
                                c.access = access;
                                c.publicClass = (access & Opcodes.ACC_PUBLIC) != 0;
                            }

                            @Override
                            public void visitInnerClass(String name, String outerName, String innerName, int access) {
                                if (name.equals(c.name)) {
                                    c.publicClass =
                                            (access & Opcodes.ACC_PUBLIC) != 0; // a member class: its declared access
                                }
                            }

                            @Override
                            public @Nullable FieldVisitor visitField(
                                    int access, String name, String descriptor, String signature, Object value) {
                                c.fields.put(name, descriptor);
                                return null;
                            }

                            @Override
                            public @Nullable MethodVisitor visitMethod(
                                    int access, String name, String descriptor, String signature, String[] exceptions) {
                                c.methods.put(name + descriptor, access);
                                return null;
                            }
                        },
                        ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return c;
    }

    static boolean isApi(int access) {
        return (access & Opcodes.ACC_PUBLIC) != 0 && (access & (Opcodes.ACC_SYNTHETIC | Opcodes.ACC_BRIDGE)) == 0;
    }

    boolean isSubclass(String cls, String ancestor) {
        for (String c = cls; c != null; c = classes.containsKey(c) ? classes.get(c).superName : null) {
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
        for (JarClass c : classes.values()) {
            if (!c.publicClass || !c.name.startsWith(apiPackage())) {
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
                MethodMapping found = binding.find(c.name, name, desc);
                if (found != null && forThisJar(found)) {
                    mapped++;
                } else if (binding.isExcluded(c.name, name, desc)) {
                    assertThat(binding.exclusionReason(c.name, name, desc))
                            .as("reason for " + c.name + "." + nameDesc)
                            .isNotBlank();
                    excluded++;
                } else {
                    neither.add(c.name + " " + name + " " + desc);
                }
            }
        }
        System.out.println(jarTitle() + " coverage: mapped " + mapped + "/" + total + " public methods (" + excluded
                + " excluded)");
        long linesForThisJar =
                binding.mappings().stream().filter(this::forThisJar).count();
        assertThat(neither)
                .as("public methods of " + jarTitle() + " neither mapped nor excluded in " + binding.resource())
                .isEmpty();
        assertThat(mapped + excluded).isEqualTo(total);
        assertThat((long) mapped).isEqualTo(linesForThisJar);
    }

    @Test
    void everyMappingNamesARealPublicMethod() {
        List<String> problems = new ArrayList<>();
        for (MethodMapping m : binding.mappings()) {
            if (!forThisJar(m)) {
                continue;
            }
            JarClass c = Objects.requireNonNull(classes.get(m.owner()));
            Integer access = c == null ? null : c.methods.get(m.name() + m.descriptor());
            if (access == null) {
                problems.add("no such method in " + jarTitle() + ": " + m.methodKey());
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
        for (String[] e : binding.exclusions()) {
            JarClass c = classes.get(e[0]);
            if (c == null) {
                problems.add("no class " + e[0]);
                continue;
            }
            boolean found = false;
            for (Map.Entry<String, Integer> m : c.methods.entrySet()) {
                boolean matches = e[2].equals("*")
                        ? m.getKey().startsWith(e[1] + "(")
                        : m.getKey().equals(e[1] + e[2]);
                found |= matches && isApi(m.getValue());
            }
            if (!found) {
                problems.add("excluded but not a public method of " + jarTitle() + ": "
                        + String.join(" ", e[0], e[1], e[2]));
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void rolesFitParameterTypes() {
        List<String> problems = new ArrayList<>();
        for (MethodMapping m : binding.mappings()) {
            if (!forThisJar(m)) {
                continue;
            }
            Type[] params = Type.getArgumentTypes(m.descriptor());
            String ret = Type.getReturnType(m.descriptor()).getDescriptor();
            for (Role r : Role.values()) {
                int at = m.role(r);
                if (at == MethodMapping.NONE) {
                    continue;
                }
                String what = r.keyword() + "=" + at + " in " + m.methodKey();
                if (at == MethodMapping.RECEIVER) {
                    boolean ok = r == Role.COMM
                            ? isSubclass(m.owner(), "mpi/Comm")
                            : r == Role.REQUEST
                                    ? isSubclass(m.owner(), "mpi/Request")
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
                    case RECV_COUNT:
                    case RECV_PEER:
                    case RECV_TAG:
                        ok = p.equals("I") && sendsAndReceives(m);
                        break;
                    case SEND_COUNTS:
                    case RECV_COUNTS:
                        ok = p.equals("[I") && m.function().kind() == MpiFunction.Kind.COLLECTIVE;
                        break;
                    case SEND_TYPE:
                    case RECV_TYPE:
                        ok = p.equals("Lmpi/Datatype;");
                        break;
                    case TARGET_DISPLACEMENT:
                    case TARGET_COUNT:
                        ok = p.equals("I") && m.function().kind() == MpiFunction.Kind.ONE_SIDED;
                        break;
                    case TARGET_TYPE:
                        ok = p.equals("Lmpi/Datatype;") && m.function().kind() == MpiFunction.Kind.ONE_SIDED;
                        break;
                    case BLOCKS:
                        ok = p.equals("I") && constructsType(m);
                        break;
                    case BLOCK_LENGTH:
                        ok = (p.equals("I") || p.equals("[I")) && constructsType(m);
                        break;
                    case BUFFER:
                        ok = p.equals("Ljava/lang/Object;")
                                || p.matches("Ljava/nio/[A-Za-z]*Buffer;")
                                || (p.length() == 2 && p.charAt(0) == '[');
                        break;
                    case DATATYPE:
                        ok = p.equals("Lmpi/Datatype;") || (p.equals("[Lmpi/Datatype;") && constructsType(m));
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
            if (m.has(Role.OFFSET) && m.role(Role.OFFSET) != m.role(Role.BUFFER) + 1) {
                problems.add("offset does not follow its buffer: " + m.methodKey());
            }
            if (m.function().movesData()
                    && m.has(Role.BUFFER)
                    && m.has(Role.COUNT)
                    && !countFollowsBuffer(params, m.role(Role.BUFFER), m.role(Role.COUNT))) {
                problems.add("count is not next to its buffer: " + m.methodKey());
            }
        }
        assertThat(problems).isEmpty();
    }

    /** A send-receive, whose receive half has roles of its own. */
    private static boolean sendsAndReceives(MethodMapping m) {
        return m.function() == MpiFunction.MPI_SENDRECV || m.function() == MpiFunction.MPI_SENDRECV_REPLACE;
    }

    /** A datatype constructor, whose roles say what the new type is made of. */
    private static boolean constructsType(MethodMapping m) {
        return m.function().name().startsWith("MPI_TYPE_") && m.owner().equals("mpi/Datatype");
    }

    /**
     * Whether the count comes right after its buffer: directly, after one parameter (the buffer's
     * offset in mpiJava, the receive buffer in Open MPI's reductions), or, in mpiJava's reductions
     * {@code (sendbuf, soffset, recvbuf, roffset, count, ...)}, after the other buffer and its
     * offset. Catches a count index that points at an offset, a tag or a rank.
     */
    private static boolean countFollowsBuffer(Type[] params, int buf, int count) {
        if (count == buf + 1 || count == buf + 2) {
            return true;
        }
        return count == buf + 4
                && params[buf + 1].getSort() == Type.INT
                && params[buf + 2].getSort() == Type.OBJECT
                && params[buf + 3].getSort() == Type.INT;
    }

    private static String internal(String objectDescriptor) {
        return objectDescriptor.substring(1, objectDescriptor.length() - 1);
    }

    @Test
    void headerNamesRealMembers() {
        for (String[] f : binding.fingerprints()) {
            assertThat(Objects.requireNonNull(classes.get(f[0])).methods)
                    .as("fingerprint " + String.join(" ", f))
                    .containsKey(f[1] + f[2]);
        }
        String[] size = Objects.requireNonNull(binding.datatypeSizeMethod());
        Integer access = Objects.requireNonNull(
                Objects.requireNonNull(classes.get(size[0])).methods.get(size[1] + size[2]));
        assertThat(access).as("datatype-size method").isNotNull();
        assertThat(access & Opcodes.ACC_STATIC)
                .as("datatype-size is an instance method")
                .isZero();
        assertThat(access & Opcodes.ACC_PUBLIC).as("datatype-size is public").isNotZero();
        String[] unit = binding.datatypeSizeUnit();
        if (unit != null) {
            assertThat(Objects.requireNonNull(classes.get(unit[0])).fields)
                    .as("datatype-size-unit field")
                    .containsEntry(unit[1], unit[2]);
        }
        JarClass constants = Objects.requireNonNull(classes.get(binding.constantsClass()));
        assertThat(constants.fields).containsKeys("COMM_WORLD", "INT", "DOUBLE", "SUM", "ANY_SOURCE");
        for (String cls : classes.keySet()) {
            assertThat(binding.ownsClass(cls)).as("owns " + cls).isTrue();
        }
        assertThat(binding.ownsClass("org/example/App")).isFalse();
        assertThat(binding.ownsClass("mpiapp/Main")).isFalse();
    }

    @Test
    void everyMappedFunctionHasOneCanonicalOverload() {
        Set<MpiFunction> mapped = EnumSet.noneOf(MpiFunction.class);
        for (MethodMapping m : binding.mappings()) {
            if (forThisJar(m)) {
                mapped.add(m.function());
            }
        }
        for (MpiFunction f : mapped) {
            MethodMapping c = Objects.requireNonNull(binding.canonical(f, jarVersion));
            assertThat(c).as("canonical " + f).isNotNull();
            assertThat(c.function()).isEqualTo(f);
            assertThat(c.canonical()).isTrue();
            assertThat(forThisJar(c))
                    .as("canonical " + f + " is a method of this jar")
                    .isTrue();
        }
        long canonicals = binding.mappings().stream()
                .filter(m -> m.canonical() && forThisJar(m))
                .count();
        assertThat(canonicals).isEqualTo(mapped.size());
        bindingSpecificFunctions(mapped);
    }

    /** Checks of the set of mapped functions that only hold for this binding. */
    abstract void bindingSpecificFunctions(Set<MpiFunction> mapped);

    MethodMapping check(String owner, String name, String desc, MpiFunction f) {
        MethodMapping m = Objects.requireNonNull(binding.find(owner, name, desc));
        assertThat(m).as(owner + "." + name + desc).isNotNull();
        assertThat(m.function()).as(owner + "." + name + desc).isEqualTo(f);
        return m;
    }
}
