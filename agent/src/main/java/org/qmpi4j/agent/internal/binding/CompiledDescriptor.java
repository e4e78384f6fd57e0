package org.qmpi4j.agent.internal.binding;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.mpit.BindType;

/**
 * Reads a binding descriptor in its compiled form, the only form the agent reads: the build's
 * descriptor compiler (module {@code descriptor-compiler}, {@code org.qmpi4j.descriptor}) parsed
 * and checked the text and wrote {@code <descriptor>.compiled}, so the agent builds its
 * {@link BindingDescriptor} without parsing or checking a line (docs/decisions/0006).
 *
 * <p>The form: a magic number and format version, the header fields, then each {@code map} and
 * {@code exclude} line's fields in descriptor order, then the {@code status} lines. Strings are modified UTF-8
 * ({@link DataInputStream#readUTF}), each absent value a {@code false} flag before it. The writer
 * is the compiler's {@code CompiledForm}; {@code CompiledDescriptorTest} reads what it writes.
 */
final class CompiledDescriptor {
    /** What the compiled resource of a descriptor resource is named: its name and this suffix. */
    static final String SUFFIX = ".compiled";

    private static final int MAGIC = 0x514d4244; // "QMBD"
    private static final int FORMAT = 3;

    private CompiledDescriptor() {}

    /** The descriptor compiled in {@code in}, its mappings numbered from {@code firstId}. */
    static BindingDescriptor read(InputStream in, int firstId) throws IOException {
        return new BindingDescriptor(spec(new DataInputStream(new ByteArrayInputStream(in.readAllBytes()))), firstId);
    }

    private static DescriptorSpec spec(DataInputStream in) throws IOException {
        if (in.readInt() != MAGIC || in.readInt() != FORMAT) {
            throw new IOException("not a compiled binding descriptor of this agent");
        }
        DescriptorSpec s = new DescriptorSpec();
        s.resource = string(in);
        s.id = string(in);
        s.title = string(in);
        for (String p : strings(in)) {
            s.packages.add(p);
        }
        list(in, s.fingerprints);
        list(in, s.versions);
        list(in, s.repairs);
        s.constantsClass = string(in);
        s.datatypeSize = strings(in);
        s.datatypeSizeUnit = strings(in);
        s.requestNull = strings(in);
        s.exception = strings(in);
        s.nativeLibrary = string(in);
        s.nativeHandle = strings(in);
        for (int i = in.readInt(); i > 0; i--) {
            s.objectClasses.put(BindType.valueOf(in.readUTF()), in.readUTF());
        }
        for (int i = in.readInt(); i > 0; i--) {
            DescriptorSpec.MapLine m = new DescriptorSpec.MapLine();
            m.owner = in.readUTF();
            m.name = in.readUTF();
            m.descriptor = in.readUTF();
            m.isStatic = in.readBoolean();
            m.canonical = in.readBoolean();
            m.function = MpiFunction.valueOf(in.readUTF());
            m.roles = new int[in.readInt()];
            for (int r = 0; r < m.roles.length; r++) {
                m.roles[r] = in.readInt();
            }
            m.parameterCount = in.readInt();
            m.version = string(in);
            s.maps.add(m);
        }
        for (int i = in.readInt(); i > 0; i--) {
            DescriptorSpec.ExcludeLine e = new DescriptorSpec.ExcludeLine();
            e.owner = in.readUTF();
            e.name = in.readUTF();
            e.descriptor = string(in);
            e.reason = in.readUTF();
            s.excludes.add(e);
        }
        list(in, s.status);
        return s;
    }

    private static String string(DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }

    private static String[] strings(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            return null;
        }
        String[] a = new String[n];
        for (int i = 0; i < n; i++) {
            a[i] = string(in);
        }
        return a;
    }

    private static void list(DataInputStream in, List<String[]> into) throws IOException {
        for (int i = in.readInt(); i > 0; i--) {
            into.add(strings(in));
        }
    }
}
