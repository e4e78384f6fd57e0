package org.qmpi4j.descriptor;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.mpit.BindType;

/**
 * Writes a checked descriptor as the agent reads it ({@code CompiledDescriptor} in the agent): a
 * magic number and format version, the header fields, then each {@code map} and {@code exclude}
 * line's fields in descriptor order, then the {@code status} lines. Strings are modified UTF-8 ({@link DataOutputStream#writeUTF}),
 * each absent value a {@code false} flag before it. A change here is a change of {@link #FORMAT}
 * and of the agent's reader, in one commit.
 */
final class CompiledForm {
    static final int MAGIC = 0x514d4244; // "QMBD"
    static final int FORMAT = 3;

    private CompiledForm() {}

    static byte[] write(DescriptorSpec s) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(16 * 1024);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeInt(FORMAT);
            string(out, s.resource);
            string(out, s.id);
            string(out, s.title);
            strings(out, s.packages.toArray(new String[0]));
            list(out, s.fingerprints);
            list(out, s.versions);
            list(out, s.repairs);
            string(out, s.constantsClass);
            strings(out, s.datatypeSize);
            strings(out, s.datatypeSizeUnit);
            strings(out, s.requestNull);
            strings(out, s.exception);
            string(out, s.nativeLibrary);
            strings(out, s.nativeHandle);
            out.writeInt(s.objectClasses.size());
            for (Map.Entry<BindType, String> e : s.objectClasses.entrySet()) {
                out.writeUTF(e.getKey().name());
                out.writeUTF(e.getValue());
            }
            out.writeInt(s.maps.size());
            for (DescriptorSpec.MapLine m : s.maps) {
                out.writeUTF(m.owner);
                out.writeUTF(m.name);
                out.writeUTF(m.descriptor);
                out.writeBoolean(m.isStatic);
                out.writeBoolean(m.canonical);
                out.writeUTF(m.function.name());
                out.writeInt(m.roles.length);
                for (int r : m.roles) {
                    out.writeInt(r);
                }
                out.writeInt(m.parameterCount);
                string(out, m.version);
            }
            out.writeInt(s.excludes.size());
            for (DescriptorSpec.ExcludeLine e : s.excludes) {
                out.writeUTF(e.owner);
                out.writeUTF(e.name);
                string(out, e.descriptor);
                out.writeUTF(e.reason);
            }
            list(out, s.status);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return bytes.toByteArray();
    }

    private static void string(DataOutputStream out, String s) throws IOException {
        out.writeBoolean(s != null);
        if (s != null) {
            out.writeUTF(s);
        }
    }

    private static void strings(DataOutputStream out, String[] a) throws IOException {
        out.writeInt(a == null ? -1 : a.length);
        if (a != null) {
            for (String s : a) {
                string(out, s);
            }
        }
    }

    private static void list(DataOutputStream out, List<String[]> l) throws IOException {
        out.writeInt(l.size());
        for (String[] a : l) {
            strings(out, a);
        }
    }
}
