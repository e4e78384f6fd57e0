package org.qmpi4j.agent.internal.telemetry;

import java.lang.reflect.Field;
import java.util.function.Supplier;
import org.qmpi4j.agent.internal.binding.BindingCatalog;
import org.qmpi4j.agent.internal.binding.BindingDescriptor;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.mpit.LibraryLink;
import org.qmpi4j.mpit.library.LibmpiLocator;
import org.qmpi4j.mpit.library.MpitLibrary;

/**
 * Finds the MPI library from the binding, as its descriptor describes it: a binding with a native
 * library ({@code native-library mpi_java}) has loaded it by the time the application has made an
 * MPI call, and with it {@code libmpi}, which the process's memory map then names. A pure-Java
 * binding (MPJ Express) has no C MPI_T; the listing says so.
 */
final class BindingLibraryLink implements LibraryLink {
    private final Supplier<ObservedProcess> process;
    private final boolean loadBindingLibrary;
    private volatile String absence =
            "no MPI call has been made yet: the MPI library is found once the binding is loaded";
    private volatile boolean finalAnswer;
    private volatile @Nullable BindingDescriptor binding;

    private BindingLibraryLink(Supplier<ObservedProcess> process, boolean loadBindingLibrary) {
        this.process = process;
        this.loadBindingLibrary = loadBindingLibrary;
    }

    /** For an MPI process: the library of the binding the application uses, once it has loaded it. */
    static LibraryLink forProcess(Supplier<ObservedProcess> process) {
        return new BindingLibraryLink(process, false);
    }

    /**
     * For a listing outside any job: loads the JNI library of the first known binding that has one
     * (Open MPI's {@code libmpi_java}), as the binding would, and takes its {@code libmpi}.
     */
    static LibraryLink forListing() {
        return new BindingLibraryLink(() -> null, true);
    }

    @Override
    public @Nullable MpitLibrary find() {
        if (finalAnswer) {
            return null;
        }
        BindingDescriptor b = loadBindingLibrary ? firstNativeBinding() : currentBinding();
        if (b == null) {
            return null;
        }
        binding = b;
        if (b.nativeLibrary() == null) {
            return no("the binding (" + b.title() + ") is pure Java: there is no native MPI library and no C MPI_T");
        }
        if (loadBindingLibrary) {
            LibmpiLocator.quietUcxSignalHandlers();
            String failed = LibmpiLocator.loadBindingLibrary(b.nativeLibrary());
            if (failed != null) {
                return no(failed + "; scripts/setup-mpi.sh installs Open MPI");
            }
        }
        String path = LibmpiLocator.mappedLibmpi();
        if (path == null) {
            absence = "the binding's lib" + b.nativeLibrary() + " has not loaded a libmpi yet";
            return null; // looked for again at the next count
        }
        try {
            return MpitLibrary.open(path);
        } catch (IllegalStateException | UnsatisfiedLinkError e) {
            return no(e.getMessage());
        }
    }

    private @Nullable MpitLibrary no(@Nullable String why) {
        absence = why == null ? "no MPI library" : why;
        finalAnswer = true;
        return null;
    }

    private @Nullable BindingDescriptor currentBinding() {
        ObservedProcess p = process.get();
        return p == null ? null : p.bindingDescriptor();
    }

    private @Nullable BindingDescriptor firstNativeBinding() {
        BindingDescriptor any = null;
        for (BindingDescriptor b : BindingCatalog.load().all()) {
            if (b.nativeLibrary() != null) {
                return b;
            }
            any = b;
        }
        if (any == null) {
            no("no binding descriptor is known");
        }
        return any;
    }

    @Override
    public String absence() {
        return absence;
    }

    /** Reads the binding object's C handle from the field the descriptor names. */
    @Override
    public long nativeHandle(BindType kind, Object object) {
        BindingDescriptor b = binding;
        String[] field = b == null ? null : b.nativeHandleField();
        if (field == null) {
            throw new IllegalArgumentException("the binding names no field holding C handles");
        }
        for (Class<?> c = object.getClass(); c != null; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(field[1]);
                if (f.getType() == long.class) {
                    f.setAccessible(true);
                    return f.getLong(object);
                }
            } catch (NoSuchFieldException e) {
                // look in the superclass
            } catch (ReflectiveOperationException | RuntimeException e) {
                throw new IllegalArgumentException("cannot read the C handle of " + object + ": " + e, e);
            }
        }
        throw new IllegalArgumentException(object.getClass().getName() + " has no long field '" + field[1] + "'");
    }
}
