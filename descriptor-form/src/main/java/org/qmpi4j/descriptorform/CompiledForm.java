package org.qmpi4j.descriptorform;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.BindType;

/**
 * A checked descriptor as the agent reads it, written by the build's descriptor compiler and read
 * by the agent without parsing or checking a line (docs/decisions/0006): a magic number and format
 * version, the header fields, then each {@code map} and {@code exclude} line's fields in descriptor
 * order, then the {@code status} lines, then the {@code fact} lines. Strings are modified UTF-8 ({@link DataOutputStream#writeUTF}),
 * each absent value a {@code false} flag before it. Writer and reader stand side by side here so
 * that a change of the form changes both; a change that an older agent could not read is a change
 * of {@link #FORMAT}.
 */
public final class CompiledForm {
    /** What the compiled resource of a descriptor resource is named: its name and this suffix. */
    public static final String SUFFIX = ".compiled";
    /** The index of the compiled descriptors, one resource name a line, beside them. */
    public static final String INDEX = "bindings.index";

    private static final int MAGIC = 0x514d4244; // "QMBD"
    private static final int FORMAT = 4;

    private CompiledForm() {}

    /** The compiled form of {@code s}. */
    public static byte[] write(DescriptorSpec s) {
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
            out.writeInt(s.facts.size());
            for (Map.Entry<BindingFact, String> e : s.facts.entrySet()) {
                out.writeUTF(e.getKey().name());
                out.writeUTF(e.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return bytes.toByteArray();
    }

    /** The descriptor compiled in {@code in}, read to its end. */
    public static DescriptorSpec read(InputStream in) throws IOException {
        return read(new DataInputStream(new ByteArrayInputStream(in.readAllBytes())));
    }

    private static DescriptorSpec read(DataInputStream in) throws IOException {
        if (in.readInt() != MAGIC || in.readInt() != FORMAT) {
            throw new IOException("not a compiled binding descriptor of this agent");
        }
        DescriptorSpec s = new DescriptorSpec();
        s.resource = nonNull(string(in));
        s.id = string(in);
        s.title = string(in);
        for (String p : nonNull(strings(in))) {
            s.packages.add(nonNull(p));
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
            String owner = in.readUTF();
            String name = in.readUTF();
            String descriptor = in.readUTF();
            boolean isStatic = in.readBoolean();
            boolean canonical = in.readBoolean();
            DescriptorSpec.MapLine m =
                    new DescriptorSpec.MapLine(owner, name, descriptor, MpiFunction.valueOf(in.readUTF()));
            m.isStatic = isStatic;
            m.canonical = canonical;
            m.roles = new int[in.readInt()];
            for (int r = 0; r < m.roles.length; r++) {
                m.roles[r] = in.readInt();
            }
            m.parameterCount = in.readInt();
            m.version = string(in);
            s.maps.add(m);
        }
        for (int i = in.readInt(); i > 0; i--) {
            s.excludes.add(new DescriptorSpec.ExcludeLine(in.readUTF(), in.readUTF(), string(in), in.readUTF()));
        }
        list(in, s.status);
        for (int i = in.readInt(); i > 0; i--) {
            s.facts.put(BindingFact.valueOf(in.readUTF()), in.readUTF());
        }
        return s;
    }

    private static void string(DataOutputStream out, @Nullable String s) throws IOException {
        out.writeBoolean(s != null);
        if (s != null) {
            out.writeUTF(s);
        }
    }

    private static void strings(DataOutputStream out, @Nullable String[] a) throws IOException {
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

    private static @Nullable String string(DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }

    private static @Nullable String[] strings(DataInputStream in) throws IOException {
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
            into.add(nonNull(strings(in)));
        }
    }

    /** A value the writer never leaves out; absent, the form is damaged. */
    private static <T> T nonNull(@Nullable T value) throws IOException {
        if (value == null) {
            throw new IOException("damaged compiled binding descriptor: a required value is absent");
        }
        return value;
    }
}
