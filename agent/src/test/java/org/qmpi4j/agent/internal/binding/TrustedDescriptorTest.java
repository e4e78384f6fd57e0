package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.MpiFunction;

/**
 * The agent's catalog reads its own descriptors as trusted: header lines at once, each {@code map}
 * and {@code exclude} line when first needed, no rules across lines. These tests hold that to a
 * full, checked read: the shipped descriptors pass every check, and every answer of the light
 * reading (ids, mappings, lookups, canonical overloads, versions, exclusions) is the full read's.
 */
class TrustedDescriptorTest {

    @Test
    void theShippedDescriptorsPassEveryCheckOfAFullRead() {
        // The agent trusts them at run time because this passes at build time.
        BindingCatalog full = BindingCatalog.load(null, BindingCatalog.INDEX);
        assertThat(full.all()).extracting(BindingDescriptor::id).containsExactly("openmpi", "mpj");
        assertThat(full.mappingCount()).isGreaterThan(400);
    }

    @Test
    void theAgentsCatalogAnswersAsAFullReadForEveryMappingFoundByMethod() {
        BindingCatalog full = BindingCatalog.load(null, BindingCatalog.INDEX);
        BindingCatalog light = BindingCatalog.load();
        // Lines read through find() first (as the rewriter does), then by id (as the linker does).
        for (BindingDescriptor f : full.all()) {
            BindingDescriptor l = light.descriptor(f.id());
            for (MethodMapping m : f.mappings()) {
                MethodMapping found = l.find(m.owner(), m.name(), m.descriptor());
                assertSame(found, m);
                assertThat(light.mapping(m.id())).isSameAs(found);
            }
        }
        compareCatalogs(full, light);
    }

    @Test
    void theAgentsCatalogAnswersAsAFullReadForEveryMappingAskedForById() {
        BindingCatalog full = BindingCatalog.load(null, BindingCatalog.INDEX);
        BindingCatalog light = BindingCatalog.load();
        assertThat(light.mappingCount()).isEqualTo(full.mappingCount());
        for (int id = 0; id < full.mappingCount(); id++) {
            MethodMapping l = light.mapping(id);
            assertSame(l, full.mapping(id));
            assertThat(l.bindingDescriptor().find(l.owner(), l.name(), l.descriptor()))
                    .isSameAs(l);
        }
        assertThatThrownBy(() -> light.mapping(full.mappingCount())).isInstanceOf(IllegalArgumentException.class);
        compareCatalogs(full, light);
    }

    @Test
    void canonicalOverloadsAndExclusionsBeforeAnyMappingIsRead() {
        BindingCatalog full = BindingCatalog.load(null, BindingCatalog.INDEX);
        BindingCatalog light = BindingCatalog.load();
        for (BindingDescriptor f : full.all()) {
            BindingDescriptor l = light.descriptor(f.id());
            compareCanonical(f, l);
            compareExclusions(f, l);
        }
        compareCatalogs(full, light);
    }

    @Test
    void linesWithOtherSpacingAreReadAsAFullReadReadsThem() {
        String text = String.join(
                "\n",
                "binding odd",
                "title Odd spacing",
                "packages demo/",
                "fingerprint demo/Comm getRank ()I",
                "version 2 demo/Comm newOne ()V",
                "version 1",
                "map demo/Comm send (Ljava/lang/Object;ILdemo/Datatype;II)V MPI_SEND canonical comm=this buf=0",
                "  map demo/Comm  bsend\t(Ljava/lang/Object;ILdemo/Datatype;II)V   MPI_BSEND canonical comm=this\r",
                "map\tdemo/Comm ssend (Ljava/lang/Object;ILdemo/Datatype;II)V MPI_SSEND canonical count=1",
                "map demo/Comm barrier ()V MPI_BARRIER canonical in=1 comm=this",
                "map demo/Comm barrier (I)V MPI_BARRIER canonical in=2 comm=this",
                "# MPI_BARRIER canonical in a comment, MPI_SEND too",
                "map demo/Comm getRank ()I MPI_COMM_RANK comm=this\tcanonical",
                "map demo/Comm getRank2 ()I MPI_COMM_RANK comm=this",
                "\texclude demo/Comm isNull ()Z [null]   not MPI",
                "exclude demo/Comm free * [free] not MPI_SEND canonical",
                "map demo/Comm sendrecv ()V MPI_SENDRECV canonical",
                "");
        BindingDescriptor full = DescriptorParser.parse("odd.binding", text, 7);
        for (int pass = 0; pass < 2; pass++) {
            BindingDescriptor light = DescriptorParser.parseTrusted("odd.binding", text, 7);
            if (pass == 0) { // by method first
                for (MethodMapping m : full.mappings()) {
                    assertSame(light.find(m.owner(), m.name(), m.descriptor()), m);
                }
            }
            compareCanonical(full, light);
            compareExclusions(full, light);
            compareDescriptors(full, light);
        }
    }

    @Test
    void aBrokenLineOfATrustedDescriptorFailsWhenReadWithItsLine() {
        String text = String.join(
                "\n",
                "binding broken",
                "title Broken",
                "packages demo/",
                "fingerprint demo/Comm getRank ()I",
                "map demo/Comm send ()V MPI_SEND canonical comm=this",
                "map demo/Comm recv ()V MPI_NOPE canonical comm=this",
                "");
        BindingDescriptor light = DescriptorParser.parseTrusted("broken.binding", text, 0);
        assertThat(light.find("demo/Comm", "send", "()V").function()).isEqualTo(MpiFunction.MPI_SEND);
        assertThatThrownBy(() -> light.find("demo/Comm", "recv", "()V"))
                .isInstanceOf(BindingFormatException.class)
                .hasMessageStartingWith("broken.binding:6: unknown MPI function 'MPI_NOPE'");
        assertThatThrownBy(() -> DescriptorParser.parse("broken.binding", text, 0))
                .isInstanceOf(BindingFormatException.class)
                .hasMessageStartingWith("broken.binding:6: unknown MPI function 'MPI_NOPE'");
        assertThatThrownBy(() -> DescriptorParser.parseTrusted("broken.binding", "binding x\ntitle X\n", 0))
                .as("header lines are still checked")
                .isInstanceOf(BindingFormatException.class)
                .hasMessageContaining("missing 'packages' line");
    }

    private static void compareCatalogs(BindingCatalog full, BindingCatalog light) {
        assertThat(light.mappingCount()).isEqualTo(full.mappingCount());
        assertThat(light.all()).extracting(BindingDescriptor::id).containsExactlyElementsOf(ids(full.all()));
        for (BindingDescriptor f : full.all()) {
            compareDescriptors(f, light.descriptor(f.id()));
        }
        for (int id = 0; id < full.mappingCount(); id++) {
            assertSame(light.mapping(id), full.mapping(id));
        }
    }

    private static void compareDescriptors(BindingDescriptor f, BindingDescriptor l) {
        assertThat(l.toString()).isEqualTo(f.toString());
        assertThat(l.title()).isEqualTo(f.title());
        assertThat(l.packages()).isEqualTo(f.packages());
        assertThat(l.fingerprints()).containsExactlyElementsOf(f.fingerprints());
        assertThat(l.versionMarks()).containsExactlyElementsOf(f.versionMarks());
        assertThat(l.constantsClass()).isEqualTo(f.constantsClass());
        assertThat(l.nativeLibrary()).isEqualTo(f.nativeLibrary());
        assertThat(l.firstId()).isEqualTo(f.firstId());
        assertThat(l.mappings()).hasSameSizeAs(f.mappings());
        for (int i = 0; i < f.mappings().size(); i++) {
            MethodMapping lm = l.mappings().get(i);
            assertSame(lm, f.mappings().get(i));
            assertThat(l.versionOf(lm)).isEqualTo(f.versionOf(f.mappings().get(i)));
            assertThat(l.find(lm.owner(), lm.name(), lm.descriptor())).isSameAs(lm);
        }
        assertThat(l.find("demo/Comm", "nothing", "()V")).isNull();
        assertThat(l.find("mpi/Comm", "nothing", "()V")).isNull();
        compareCanonical(f, l);
        compareExclusions(f, l);
    }

    private static void compareCanonical(BindingDescriptor f, BindingDescriptor l) {
        List<String> labels = new ArrayList<>();
        labels.add(null);
        labels.add("no such version");
        for (String[] v : f.versionMarks()) {
            labels.add(v[0]);
        }
        for (MpiFunction fn : MpiFunction.values()) {
            assertSame(l.canonical(fn), f.canonical(fn));
            for (String v : labels) {
                assertSame(l.canonical(fn, v), f.canonical(fn, v));
            }
        }
    }

    private static void compareExclusions(BindingDescriptor f, BindingDescriptor l) {
        List<String[]> fe = f.exclusions();
        List<String[]> le = l.exclusions();
        assertThat(le).hasSameSizeAs(fe);
        for (int i = 0; i < fe.size(); i++) {
            String[] e = fe.get(i);
            assertThat(le.get(i)).containsExactly(e);
            String desc = e[2].equals("*") ? "()V" : e[2];
            assertThat(l.exclusionReason(e[0], e[1], desc)).isEqualTo(f.exclusionReason(e[0], e[1], desc));
            assertThat(l.isExcluded(e[0], e[1] + "x", desc)).isEqualTo(f.isExcluded(e[0], e[1] + "x", desc));
        }
    }

    /** Two mappings that say the same: every field (the binding by id, as they come from different reads). */
    private static void assertSame(MethodMapping l, MethodMapping f) {
        if (f == null) {
            assertThat(l).isNull();
            return;
        }
        assertThat(l).isNotNull();
        assertThat(l.toString()).isEqualTo(f.toString());
        assertThat(l.id()).isEqualTo(f.id());
        assertThat(l.bindingDescriptor().id()).isEqualTo(f.bindingDescriptor().id());
        assertThat(l.methodKey()).isEqualTo(f.methodKey());
        assertThat(l.isStatic()).isEqualTo(f.isStatic());
        assertThat(l.isConstructor()).isEqualTo(f.isConstructor());
        assertThat(l.function()).isEqualTo(f.function());
        assertThat(l.parameterCount()).isEqualTo(f.parameterCount());
        assertThat(l.canonical()).isEqualTo(f.canonical());
        assertThat(l.version).isEqualTo(f.version);
        for (Role r : Role.values()) {
            assertThat(l.role(r)).as(r.keyword()).isEqualTo(f.role(r));
        }
    }

    private static List<String> ids(List<BindingDescriptor> ds) {
        List<String> out = new ArrayList<>();
        for (BindingDescriptor d : ds) {
            out.add(d.id());
        }
        return out;
    }
}
