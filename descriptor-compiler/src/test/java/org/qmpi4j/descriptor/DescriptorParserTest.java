package org.qmpi4j.descriptor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.qmpi4j.descriptorform.BindingFact;
import org.qmpi4j.descriptorform.DescriptorSpec;
import org.qmpi4j.descriptorform.RoleKeyword;
import org.qmpi4j.descriptorform.Vocabulary;

class DescriptorParserTest {
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

    static DescriptorSpec parse(String text) {
        return DescriptorParser.parse("test.binding", text);
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

    // ---- malformed input: every message names the resource and the line -------------------

    static void assertFails(String text, int line, String... fragments) {
        assertThatThrownBy(() -> parse(text))
                .isInstanceOf(DescriptorException.class)
                .hasMessageStartingWith("test.binding:" + line + ": ")
                .hasMessageContainingAll(fragments)
                .satisfies(e -> {
                    assertThat(((DescriptorException) e).line()).isEqualTo(line);
                    assertThat(((DescriptorException) e).resource()).isEqualTo("test.binding");
                });
    }

    @Test
    void firstLineMustBeBinding() {
        assertFails(replaceLine(2, "title first"), 2, "first line must be 'binding <id>'");
    }

    @Test
    void unknownKeyword() {
        assertFails(replaceLine(7, "constant demo/MPI"), 7, "unknown keyword 'constant'");
    }

    @Test
    void badBindingId() {
        assertFails(replaceLine(2, "binding Open MPI"), 2, "binding <id>");
        assertFails(replaceLine(2, "binding OpenMPI"), 2, "[a-z0-9_-]+");
    }

    @Test
    void repeatedHeaders() {
        assertFails(withExtraLine("title again"), 21, "second 'title' line");
        assertFails(withExtraLine("binding again"), 21, "second 'binding' line");
        assertFails(withExtraLine("packages more/"), 21, "second 'packages' line");
        assertFails(withExtraLine("constants demo/Other"), 21, "second 'constants' line");
    }

    @Test
    void badPackagePrefix() {
        assertFails(replaceLine(5, "packages demo"), 5, "ending in '/'");
        assertFails(replaceLine(5, "packages demo.sub/"), 5, "ending in '/'");
        assertFails(replaceLine(5, "packages demo/*"), 5, "ending in '/'");
        assertFails(replaceLine(5, "packages demo/**/"), 5, "ending in '/'");
    }

    @Test
    void fingerprintArityAndDescriptor() {
        assertFails(replaceLine(6, "fingerprint demo/Comm getRank"), 6, "fingerprint <class> <method> <descriptor>");
        assertFails(replaceLine(6, "fingerprint demo/Comm getRank ()"), 6, "malformed method descriptor '()'");
        assertFails(replaceLine(6, "fingerprint demo.Comm getRank ()I"), 6, "not a class internal name");
    }

    @Test
    void malformedDescriptorsInMap() {
        assertFails(
                withExtraLine("map demo/Comm barrier V MPI_BARRIER canonical"), 21, "malformed method descriptor 'V'");
        assertFails(
                withExtraLine("map demo/Comm barrier (Q)V MPI_BARRIER canonical"), 21, "malformed method descriptor");
        assertFails(withExtraLine("map demo/Comm barrier (Ljava/lang/Object)V MPI_BARRIER canonical"), 21, "malformed");
        assertFails(withExtraLine("map demo/Comm barrier ()VV MPI_BARRIER canonical"), 21, "malformed");
        assertFails(withExtraLine("map demo/Comm barrier ()[V MPI_BARRIER canonical"), 21, "malformed");
    }

    @Test
    void mapNeedsFunction() {
        assertFails(
                withExtraLine("map demo/Comm barrier ()V"),
                21,
                "expected 'map <class> <method> <descriptor> <MPI_FUNCTION>");
    }

    @Test
    void unknownFunction() {
        assertFails(
                withExtraLine("map demo/Comm barrier ()V MPI_BARIER canonical"),
                21,
                "unknown MPI function 'MPI_BARIER'");
    }

    @Test
    void unknownRoleAndBadValues() {
        assertFails(
                withExtraLine("map demo/Comm barrier ()V MPI_BARRIER canonical communicator=this"),
                21,
                "unknown role 'communicator'");
        assertFails(
                withExtraLine("map demo/Comm barrier ()V MPI_BARRIER canonical fast"),
                21,
                "expected 'static', 'canonical' or role=value");
        assertFails(
                withExtraLine("map demo/Comm bcast (Ljava/lang/Object;I)V MPI_BCAST canonical count=x"),
                21,
                "bad value for count");
        assertFails(
                withExtraLine("map demo/Comm bcast (Ljava/lang/Object;I)V MPI_BCAST canonical count=-1"),
                21,
                "bad value for count");
        assertFails(
                withExtraLine("map demo/Comm bcast (Ljava/lang/Object;I)V MPI_BCAST canonical buf=0 buf=0"),
                21,
                "role 'buf' twice");
        assertFails(
                withExtraLine("map demo/Comm barrier ()V MPI_BARRIER canonical canonical"), 21, "'canonical' twice");
    }

    @Test
    void roleIndexOutOfRange() {
        assertFails(
                withExtraLine("map demo/Comm bcast (Ljava/lang/Object;I)V MPI_BCAST canonical peer=2"),
                21,
                "peer=2 is out of range",
                "has 2 parameter(s)");
    }

    @Test
    void roleTypeMustFit() {
        assertFails(
                withExtraLine("map demo/Comm bcast (Ljava/lang/Object;I)V MPI_BCAST canonical count=0"),
                21,
                "count=0 must be an int parameter");
        assertFails(
                withExtraLine("map demo/Comm bcast (Ljava/lang/Object;J)V MPI_BCAST canonical tag=1"),
                21,
                "tag=1 must be an int parameter, not J");
        assertFails(
                withExtraLine("map demo/Comm bcast (Ljava/lang/Object;I)V MPI_BCAST canonical buf=1"),
                21,
                "buf=1 must be a reference parameter, not I");
        assertFails(
                withExtraLine("map demo/Comm bcast ([II)V MPI_BCAST canonical type=0"),
                21,
                "type=0 must be an object parameter");
        assertFails(
                withExtraLine("map demo/Comm bcast ([II)V MPI_BCAST canonical blocks=0"),
                21,
                "blocks=0 must be an int parameter, not [I");
        assertFails(
                withExtraLine("map demo/Comm bcast (JI)V MPI_BCAST canonical blocklen=0"),
                21,
                "blocklen=0 must be an int or int[] parameter, not J");
        assertFails(
                withExtraLine("map demo/Comm bcast (ILdemo/Datatype;)V MPI_BCAST canonical recvcounts=0"),
                21,
                "recvcounts=0 must be an int[] parameter, not I");
        assertFails(
                withExtraLine("map demo/Comm bcast ([II)V MPI_BCAST canonical recvpeer=0"),
                21,
                "recvpeer=0 must be an int parameter, not [I");
    }

    @Test
    void vCollectiveAndSendRecvRolesNameTheirParameters() {
        DescriptorSpec d = parse(withExtraLine("map demo/Comm gatherv (Ljava/lang/Object;ILdemo/Datatype;"
                + "Ljava/lang/Object;[I[ILdemo/Datatype;I)V MPI_GATHERV canonical buf=0 count=1 type=2 peer=7"
                + " recvcounts=4 recvtype=6"));
        int[] roles = d.maps.get(d.maps.size() - 1).roles;
        assertThat(roles[RoleKeyword.RECV_COUNTS.ordinal()]).isEqualTo(4);
        assertThat(roles[RoleKeyword.RECV_TYPE.ordinal()]).isEqualTo(6);
        assertThat(roles[RoleKeyword.SEND_COUNTS.ordinal()]).isEqualTo(Vocabulary.NONE);
        d = parse(withExtraLine("map demo/Comm sendRecvReplace (Ljava/lang/Object;ILdemo/Datatype;IIII)V"
                + " MPI_SENDRECV_REPLACE canonical buf=0 count=1 type=2 peer=3 tag=4 recvpeer=5 recvtag=6"));
        roles = d.maps.get(d.maps.size() - 1).roles;
        assertThat(roles[RoleKeyword.RECV_PEER.ordinal()]).isEqualTo(5);
        assertThat(roles[RoleKeyword.RECV_TAG.ordinal()]).isEqualTo(6);
    }

    @Test
    void typeConstructorRolesNameBlocksAndOldTypes() {
        DescriptorSpec d = parse(withExtraLine("map demo/Datatype struct ([I[I[Ldemo/Datatype;)Ldemo/Datatype;"
                + " MPI_TYPE_CREATE_STRUCT static canonical blocklen=0 type=2"));
        int[] roles = d.maps.get(d.maps.size() - 1).roles;
        assertThat(roles[RoleKeyword.BLOCK_LENGTH.ordinal()]).isEqualTo(0);
        assertThat(roles[RoleKeyword.DATATYPE.ordinal()]).isEqualTo(2);
        assertThat(roles[RoleKeyword.BLOCKS.ordinal()]).isEqualTo(Vocabulary.NONE);
        d = parse(withExtraLine("map demo/Datatype vector (IIILdemo/Datatype;)Ldemo/Datatype;"
                + " MPI_TYPE_VECTOR static canonical blocks=0 blocklen=1 type=3"));
        roles = d.maps.get(d.maps.size() - 1).roles;
        assertThat(roles[RoleKeyword.BLOCKS.ordinal()]).isEqualTo(0);
        assertThat(roles[RoleKeyword.BLOCK_LENGTH.ordinal()]).isEqualTo(1);
    }

    @Test
    void receiverRoleNeedsAReceiver() {
        assertFails(
                withExtraLine("map demo/Comm barrier ()V MPI_BARRIER canonical comm=this static"),
                21,
                "comm=this, but barrier has no receiver (static)");
        assertFails(
                withExtraLine("map demo/Win <init> ()V MPI_WIN_CREATE canonical comm=this"),
                21,
                "has no receiver (constructor)");
        assertFails(
                withExtraLine("map demo/Comm bcast (Ljava/lang/Object;I)V MPI_BCAST canonical buf=this"),
                21,
                "only comm, type and request can be the receiver");
    }

    @Test
    void returnRoleOnlyForRequests() {
        assertFails(
                withExtraLine("map demo/Comm dup ()Ldemo/Comm; MPI_COMM_DUP canonical comm=return"),
                21,
                "only request can be the return value");
        assertFails(
                withExtraLine("map demo/Comm iBarrier ()V MPI_IBARRIER canonical request=return"),
                21,
                "request=return, but the method returns V");
    }

    @Test
    void constructorsAreNotStatic() {
        assertFails(
                withExtraLine("map demo/Win <init> ()V MPI_WIN_CREATE static canonical"),
                21,
                "constructor cannot be static");
        assertFails(withExtraLine("map demo/Win <init> ()I MPI_WIN_CREATE canonical"), 21, "a constructor returns V");
    }

    @Test
    void duplicateMapping() {
        assertFails(
                withExtraLine("map demo/Comm send (Ljava/lang/Object;ILdemo/Datatype;II)V MPI_SSEND canonical"),
                21,
                "duplicate mapping of demo/Comm.send",
                "first at line 10");
    }

    @Test
    void secondCanonical() {
        assertFails(
                replaceLine(14, "map demo/Request waitStatus ()Ldemo/Status; MPI_WAIT canonical request=this"),
                14,
                "second canonical mapping of MPI_WAIT",
                "first at line 13");
    }

    @Test
    void versionedLinesAreChecked() {
        String versions = replaceLine(7, "version 2.0 demo/Comm sendAll ()V") + "version 1.0\n";
        assertFails(
                versions + "map demo/Comm sendv (Ljava/lang/Object;)V MPI_ALLTOALLW canonical in=3.0 comm=this\n",
                22,
                "in=3.0: no 'version 3.0' line");
        assertFails(
                versions + "map demo/Comm sendv (Ljava/lang/Object;)V MPI_ALLTOALLW canonical comm=this\n"
                        + "map demo/Comm sendw (Ljava/lang/Object;)V MPI_ALLTOALLW canonical in=2.0 comm=this\n",
                23,
                "second canonical mapping of MPI_ALLTOALLW");
        assertFails(versions + "version 0.9\n", 22, "version '1.0' has no method, so it must be the last");
        assertFails(versions + "version 2.0\n", 22, "version '2.0' appears twice");
    }

    @Test
    void missingCanonicalPointsAtFirstMapping() {
        assertFails(
                replaceLine(13, "map demo/Request waitFor ()V MPI_WAIT request=this"),
                13,
                "MPI_WAIT is mapped but no mapping of it is marked 'canonical'");
    }

    @Test
    void classesMustBeOwned() {
        assertFails(
                withExtraLine("map app/Main barrier ()V MPI_BARRIER canonical"),
                21,
                "class app/Main is not in the binding's packages");
        assertFails(withExtraLine("exclude app/Main toString * plain Java"), 21, "not in the binding's packages");
    }

    @Test
    void packagesBeforeMappings() {
        String text = "binding x\ntitle X\nmap x/A f ()V MPI_BARRIER canonical\npackages x/\n";
        assertThatThrownBy(() -> parse(text))
                .isInstanceOf(DescriptorException.class)
                .hasMessageStartingWith("test.binding:3: ")
                .hasMessageContaining("'packages' must come before");
    }

    @Test
    void exclusionNeedsAReason() {
        assertFails(withExtraLine("exclude demo/Comm hashCode ()I"), 21, "a reason is required");
    }

    @Test
    void mappedAndExcluded() {
        assertFails(
                withExtraLine("exclude demo/Comm send (Ljava/lang/Object;ILdemo/Datatype;II)V not MPI"),
                21,
                "is both mapped (line 10) and excluded");
        assertFails(withExtraLine("exclude demo/Comm send * not MPI"), 21, "is both mapped (line 10) and excluded");
        assertFails(
                withExtraLine("map demo/MPI slice ([II)Ljava/nio/IntBuffer; MPI_PACK canonical"),
                21,
                "is both mapped and excluded (exclude at line 18)");
        assertFails(withExtraLine("exclude demo/MPI slice * again"), 21, "duplicate exclusion", "first at line 18");
    }

    @Test
    void datatypeSizeShape() {
        assertFails(
                replaceLine(8, "datatype-size demo/Datatype getSize (I)I"),
                8,
                "must take no arguments and return int or long");
        assertFails(
                replaceLine(8, "datatype-size demo/Datatype size Ljava/lang/Integer;"),
                8,
                "field must be int (I) or long (J)");
        String unitFirst = replaceLine(8, "datatype-size-unit demo/Datatype baseSize I")
                .replace(
                        "datatype-size-unit demo/Datatype baseSize I\ndatatype-size-unit",
                        "datatype-size-unit demo/Datatype baseSize I\ndatatype-size");
        assertFails(unitFirst, 8, "'datatype-size-unit' before 'datatype-size'");
    }

    @Test
    void missingHeadersAreReportedAsLineZero() {
        assertThatThrownBy(() -> parse("# nothing\n\n"))
                .isInstanceOf(DescriptorException.class)
                .hasMessage("test.binding:0: empty descriptor: no 'binding <id>' line");
        assertThatThrownBy(() -> parse("binding x\npackages x/\nfingerprint x/A f ()V\n"))
                .hasMessage("test.binding:0: missing 'title' line");
        assertThatThrownBy(() -> parse("binding x\ntitle X\nfingerprint x/A f ()V\n"))
                .hasMessage("test.binding:0: missing 'packages' line");
        assertThatThrownBy(() -> parse("binding x\ntitle X\npackages x/\n"))
                .hasMessage("test.binding:0: missing 'fingerprint' line");
    }

    @Test
    void messageQuotesTheLine() {
        assertThatThrownBy(() -> parse(withExtraLine("map demo/Comm barrier ()V MPI_BARIER canonical")))
                .hasMessageEndingWith("\n    map demo/Comm barrier ()V MPI_BARIER canonical");
    }

    @Test
    void methodDescriptorParsing() {
        MethodSignature s = Objects.requireNonNull(MethodSignature.parse("(J[[ILjava/lang/Object;Z)[Lmpi/Status;"));
        assertThat(s.params).containsExactly("J", "[[I", "Ljava/lang/Object;", "Z");
        assertThat(s.ret).isEqualTo("[Lmpi/Status;");
        assertThat(Objects.requireNonNull(MethodSignature.parse("()V")).params).isEmpty();
        assertThat(MethodSignature.parse("(V)V")).isNull();
        assertThat(MethodSignature.parse("(L;)V")).isNull();
        assertThat(MethodSignature.parse("(Ljava.lang.Object;)V")).isNull();
        assertThat(MethodSignature.parse("(I")).isNull();
    }

    @Test
    void statusLines() {
        DescriptorSpec s =
                parse(withExtraLine("status source demo/Status getSource ()I\nstatus tag demo/Status tag I"));
        assertThat(s.status).hasSize(2);
        assertThat(s.status.get(1)).containsExactly("tag", "demo/Status", "tag", "I");
        assertFails(withExtraLine("status count demo/Status getCount ()I"), 21, "status names source, tag or index");
        assertFails(withExtraLine("status tag demo/Status getTag ()J"), 21, "an int method '()I' or an int field 'I'");
        assertFails(withExtraLine("status tag other/Status getTag ()I"), 21, "not in the binding's packages");
        assertFails(
                withExtraLine("status tag demo/Status getTag ()I\nstatus tag demo/Status tag I"),
                22,
                "second 'status tag' line");
        assertFails(withExtraLine("status tag demo/Status getTag"), 21, "expected 'status source|tag|index");
    }

    @Test
    void factLinesGiveEachFactItsValue() {
        assertThat(parse(GOOD).facts)
                .containsOnly(
                        org.assertj.core.api.Assertions.entry(BindingFact.BUFFERS, "nio"),
                        org.assertj.core.api.Assertions.entry(BindingFact.FREE, "invalidates"),
                        org.assertj.core.api.Assertions.entry(BindingFact.RECEIVES, "in-place"));
        DescriptorSpec other = parse(replaceLine(19, "fact buffers array-offset")
                .replace("fact free invalidates", "fact free no-op")
                .replace("fact receives in-place", "fact receives at-completion"));
        assertThat(other.facts)
                .containsOnly(
                        org.assertj.core.api.Assertions.entry(BindingFact.BUFFERS, "array-offset"),
                        org.assertj.core.api.Assertions.entry(BindingFact.FREE, "no-op"),
                        org.assertj.core.api.Assertions.entry(BindingFact.RECEIVES, "at-completion"));
    }

    @Test
    void aFactWithAValueItDoesNotTakeFailsWithItsLine() {
        assertFails(
                replaceLine(19, "fact buffers offsets"), 19, "fact buffers is one of nio, array-offset, not 'offsets'");
        assertFails(replaceLine(20, "fact free NO-OP"), 20, "fact free is one of invalidates, no-op, not 'NO-OP'");
        assertFails(replaceLine(20, "fact frees no-op"), 20, "unknown fact 'frees' (known: buffers, free, receives)");
        assertFails(replaceLine(20, "fact free"), 20, "expected 'fact <name> <value>'");
        assertFails(replaceLine(20, "fact free no-op invalidates"), 20, "expected 'fact <name> <value>'");
        assertFails(withExtraLine("fact free no-op"), 21, "second 'fact free' line (the first is line 20)");
    }

    @Test
    void aDescriptorWithoutAFactFailsNamingIt() {
        assertThatThrownBy(() -> parse(replaceLine(20, "")))
                .isInstanceOf(DescriptorException.class)
                .hasMessage("test.binding:0: missing 'fact free <invalidates|no-op>' line: every descriptor says it"
                        + " (see org.qmpi4j.descriptorform.BindingFact)");
        assertThatThrownBy(() -> parse(replaceLine(19, "# no buffers")))
                .hasMessageStartingWith("test.binding:0: missing 'fact buffers <nio|array-offset>' line");
        assertThatThrownBy(() -> parse(replaceLine(4, "")))
                .hasMessageStartingWith("test.binding:0: missing 'fact receives <in-place|at-completion>' line");
    }
}
