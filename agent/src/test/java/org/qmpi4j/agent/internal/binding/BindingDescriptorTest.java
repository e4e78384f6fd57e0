package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.MpiFunction;

/**
 * What a descriptor answers once compiled by the build's compiler and read back as the agent reads
 * it ({@link CompiledDescriptor}).
 */
class BindingDescriptorTest {
    /** A small but complete descriptor; line numbers matter for the error tests below. */
    static final String GOOD = String.join(
            "\n",
            "# a comment", // 1
            "binding demo", // 2
            "title Demo   binding  1.0", // 3
            "fact receives in-place", // 4
            "packages demo/ demox/", // 5
            "fingerprint demo/Comm getRank ()I", // 6
            "constants demo/MPI", // 7
            "datatype-size demo/Datatype getSize ()I", // 8
            "datatype-size-unit demo/Datatype baseSize I", // 9
            "map demo/Comm send (Ljava/lang/Object;ILdemo/Datatype;II)V MPI_SEND canonical comm=this buf=0 count=1 type=2 peer=3 tag=4", // 10
            "map demo/Comm iSend (Ljava/nio/Buffer;ILdemo/Datatype;II)Ldemo/Request; MPI_ISEND canonical comm=this buf=0 count=1 type=2 peer=3 tag=4 request=return", // 11
            "map demo/Request waitAll ([Ldemo/Request;)V MPI_WAITALL static canonical request=0", // 12
            "map demo/Request waitFor ()V MPI_WAIT canonical request=this", // 13
            "map demo/Request waitStatus ()Ldemo/Status; MPI_WAIT request=this", // 14
            "map demo/MPI Init ([Ljava/lang/String;)[Ljava/lang/String; MPI_INIT static canonical", // 15
            "map demo/Win <init> (Ldemo/Comm;)V MPI_WIN_CREATE_DYNAMIC canonical comm=0", // 16
            "exclude demo/Comm isNull ()Z [null] compares   with MPI_COMM_NULL", // 17
            "exclude demo/MPI slice * [alloc] slices buffers", // 18
            "fact buffers nio", // 19
            "fact free invalidates", // 20
            "");

    static BindingDescriptor parse(String text) {
        return DescriptorTexts.read("test.binding", text, 0);
    }

    /** {@link #GOOD} with line {@code n} (1-based) replaced by {@code text}. */
    static String replaceLine(int n, String text) {
        String[] lines = GOOD.split("\n", -1);
        lines[n - 1] = text;
        return String.join("\n", lines);
    }

    static String withExtraLine(String text) {
        return GOOD + text + "\n";
    }

    @Test
    void parsesHeader() {
        BindingDescriptor d = parse(GOOD);
        assertThat(d.id()).isEqualTo("demo");
        assertThat(d.title()).isEqualTo("Demo   binding  1.0");
        assertThat(d.resource()).isEqualTo("test.binding");
        assertThat(d.packages()).containsExactly("demo/", "demox/");
        assertThat(d.ownsClass("demo/Comm")).isTrue();
        assertThat(d.ownsClass("demox/Util")).isTrue();
        assertThat(d.ownsClass("demonstration/Comm")).isFalse();
        assertThat(d.ownsClass("app/Main")).isFalse();
        assertThat(d.fingerprints()).hasSize(1);
        assertThat(d.fingerprints().get(0)).containsExactly("demo/Comm", "getRank", "()I");
        assertThat(d.constantsClass()).isEqualTo("demo/MPI");
        assertThat(d.datatypeSizeMethod()).containsExactly("demo/Datatype", "getSize", "()I");
        assertThat(d.datatypeSizeUnit()).containsExactly("demo/Datatype", "baseSize", "I");
    }

    @Test
    void parsesMappingsWithRolesAndDenseIds() {
        BindingDescriptor d = DescriptorTexts.read("test.binding", GOOD, 10);
        assertThat(d.mappings()).hasSize(7);
        for (int i = 0; i < d.mappings().size(); i++) {
            assertThat(d.mappings().get(i).id()).isEqualTo(10 + i);
            assertThat(d.mappings().get(i).bindingDescriptor()).isSameAs(d);
        }
        MethodMapping send =
                Objects.requireNonNull(d.find("demo/Comm", "send", "(Ljava/lang/Object;ILdemo/Datatype;II)V"));
        assertThat(send.function()).isEqualTo(MpiFunction.MPI_SEND);
        assertThat(send.isStatic()).isFalse();
        assertThat(send.canonical()).isTrue();
        assertThat(send.parameterCount()).isEqualTo(5);
        assertThat(send.role(Role.COMM)).isEqualTo(MethodMapping.RECEIVER);
        assertThat(send.role(Role.BUFFER)).isEqualTo(0);
        assertThat(send.role(Role.COUNT)).isEqualTo(1);
        assertThat(send.role(Role.DATATYPE)).isEqualTo(2);
        assertThat(send.role(Role.PEER)).isEqualTo(3);
        assertThat(send.role(Role.TAG)).isEqualTo(4);
        assertThat(send.role(Role.REQUEST)).isEqualTo(MethodMapping.NONE);
        assertThat(send.role(Role.OFFSET)).isEqualTo(MethodMapping.NONE);
        assertThat(send.has(Role.OFFSET)).isFalse();

        MethodMapping isend = Objects.requireNonNull(
                d.find("demo/Comm", "iSend", "(Ljava/nio/Buffer;ILdemo/Datatype;II)Ldemo/Request;"));
        assertThat(isend.role(Role.REQUEST)).isEqualTo(MethodMapping.RETURN);

        MethodMapping waitAll = Objects.requireNonNull(d.find("demo/Request", "waitAll", "([Ldemo/Request;)V"));
        assertThat(waitAll.isStatic()).isTrue();
        assertThat(waitAll.role(Role.REQUEST)).isEqualTo(0);

        MethodMapping ctor = Objects.requireNonNull(d.find("demo/Win", "<init>", "(Ldemo/Comm;)V"));
        assertThat(ctor.isConstructor()).isTrue();
        assertThat(ctor.role(Role.COMM)).isEqualTo(0);

        assertThat(Objects.requireNonNull(d.canonical(MpiFunction.MPI_WAIT)).name())
                .isEqualTo("waitFor");
        assertThat(d.canonical(MpiFunction.MPI_BARRIER)).isNull();
        assertThat(d.find("demo/Comm", "send", "()V")).isNull();
        assertThat(d.find("demo/Intracomm", "send", "(Ljava/lang/Object;ILdemo/Datatype;II)V"))
                .as("find is exact: declaring class only")
                .isNull();
        assertThat(send.toString()).contains("MPI_SEND", "comm=this", "buf=0", "canonical");
    }

    @Test
    void parsesExclusions() {
        BindingDescriptor d = parse(GOOD);
        assertThat(d.isExcluded("demo/Comm", "isNull", "()Z")).isTrue();
        assertThat(d.exclusionReason("demo/Comm", "isNull", "()Z")).isEqualTo("[null] compares   with MPI_COMM_NULL");
        assertThat(d.isExcluded("demo/Comm", "isNull", "(I)Z")).isFalse();
        assertThat(d.isExcluded("demo/MPI", "slice", "([II)Ljava/nio/IntBuffer;"))
                .isTrue();
        assertThat(d.exclusionReason("demo/MPI", "slice", "(Ljava/nio/IntBuffer;I)Ljava/nio/IntBuffer;"))
                .isEqualTo("[alloc] slices buffers");
        assertThat(d.isExcluded("demo/Comm", "send", "(Ljava/lang/Object;ILdemo/Datatype;II)V"))
                .isFalse();
        assertThat(d.exclusions()).hasSize(2);
        assertThat(d.exclusions().get(1)).containsExactly("demo/MPI", "slice", "*", "[alloc] slices buffers");
    }

    @Test
    void optionalHeadersMayBeAbsent() {
        String text =
                "binding x\ntitle X\npackages x/\nfingerprint x/A f ()V\nfact buffers nio\nfact free invalidates\nfact receives in-place\n";
        BindingDescriptor d = parse(text);
        assertThat(d.mappings()).isEmpty();
        assertThat(d.datatypeSizeMethod()).isNull();
        assertThat(d.datatypeSizeUnit()).isNull();
        assertThat(d.constantsClass()).isNull();
    }

    @Test
    void datatypeSizeMayBeAField() {
        BindingDescriptor d = parse(replaceLine(8, "datatype-size demo/Datatype size J"));
        assertThat(d.datatypeSizeMethod()).containsExactly("demo/Datatype", "size", "J");
    }

    @Test
    void aPackageTakesItsSubpackagesOnlyWithTwoStars() {
        BindingDescriptor d = parse(replaceLine(5, "packages demo/ demox/**"));
        assertThat(d.ownsClass("demo/Comm")).isTrue();
        assertThat(d.ownsClass("demo/app/Main"))
                .as("an application under the binding's package")
                .isFalse();
        assertThat(d.ownsClass("demox/Util")).isTrue();
        assertThat(d.ownsClass("demox/dev/Queue")).isTrue();
        assertThat(d.ownsClass("demoxy/Util")).isFalse();
    }

    @Test
    void versionedLinesHaveOneCanonicalPerVersion() {
        String text = replaceLine(7, "version 2.0 demo/Comm sendAll ()V")
                + "version 1.0\n"
                + "constants demo/MPI\n"
                + "map demo/Comm sendv (Ljava/nio/Buffer;)V MPI_ALLTOALLW canonical in=1.0 comm=this buf=0\n"
                + "map demo/Comm sendv (Ljava/lang/Object;)V MPI_ALLTOALLW canonical in=2.0 comm=this buf=0\n";
        BindingDescriptor d = parse(text);
        assertThat(d.versionMarks()).hasSize(2);
        assertThat(d.versionMarks().get(0)).containsExactly("2.0", "demo/Comm", "sendAll", "()V");
        assertThat(d.versionMarks().get(1)).containsExactly("1.0");
        assertThat(Objects.requireNonNull(d.canonical(MpiFunction.MPI_ALLTOALLW, "2.0"))
                        .descriptor())
                .isEqualTo("(Ljava/lang/Object;)V");
        assertThat(Objects.requireNonNull(d.canonical(MpiFunction.MPI_ALLTOALLW, "1.0"))
                        .descriptor())
                .isEqualTo("(Ljava/nio/Buffer;)V");
        assertThat(d.versionOf(Objects.requireNonNull(d.canonical(MpiFunction.MPI_ALLTOALLW, "2.0"))))
                .isEqualTo("2.0");
        assertThat(d.versionOf(Objects.requireNonNull(d.canonical(MpiFunction.MPI_SEND))))
                .isNull();
    }
}
