package org.qmpi4j.tools.check;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.check.FindingSite;
import org.qmpi4j.tools.check.ObjectCalls.Kind;

/**
 * The rules on the MPI objects a program makes and frees: communicators, groups, datatypes,
 * user-defined operations and info objects. {@code object_leak} (a warning): an object made and
 * never freed by {@code MPI_Finalize}, one finding per call site that made it, counted once per
 * object; {@code object_used_after_free} (an error): an MPI call that is given a freed object, as
 * its receiver or as an argument (freeing it again included), reported before the call goes on.
 *
 * <p>Objects are known by the Java object's identity, the handle the program holds, in a table
 * that does not keep them alive ({@link WeakIdentityTable}): an object the program drops without
 * freeing it is still counted at its site, since the MPI object behind it lives on. The objects
 * the binding predefines (the static fields of its class {@code mpi.MPI}: {@code COMM_WORLD},
 * {@code INT}, {@code SUM}, ...) are in the table from {@code MPI_Init} on and never count. What
 * a call that makes an object returns is registered after it; a binding that returns an object it
 * already gave out (MPJ Express' {@code clone()} returns its receiver) adds a reference to it, and
 * the object is freed when each is.
 *
 * <p>Neither binding's {@code new Op(...)} is an MPI call the agent sees (Open MPI's Java binding
 * makes the MPI operation inside the first reduction that uses it), so a user-defined operation is
 * registered at the first call it is given to; {@code new Info()} and {@code new Win(...)} are not
 * seen either: such objects are known once freed (for {@code object_used_after_free}), and an info
 * object made by {@code dup} or {@code getInfo} is a leak if never freed; windows are not counted.
 *
 * <p>Cost: calls that make or free objects, and calls that take an operation, pass here after
 * they returned (an entry per object made). Every other call costs one volatile read while no
 * freed object is alive; after that, a look-up per receiver and argument, which allocates nothing.
 */
final class ObjectRules {
    /** One call site that made objects, and how many of them are not freed. */
    static final class Origin {
        final Kind kind;
        final MpiFunction function;
        final @Nullable CallingAddress site;
        int unfreed;

        Origin(Kind kind, MpiFunction function, @Nullable CallingAddress site) {
            this.kind = kind;
            this.function = function;
            this.site = site;
        }
    }

    /** One object: predefined, or made (at its origin, if seen), and whether and where it was freed. */
    static final class Tracked {
        final Kind kind;
        final @Nullable Origin origin;
        final boolean predefined;
        /** How often the binding gave this object out, less the frees. */
        int refs;

        @Nullable
        MpiFunction freedBy;

        @Nullable
        CallingAddress freedAt;

        Tracked(Kind kind, @Nullable Origin origin, boolean predefined) {
            this.kind = kind;
            this.origin = origin;
            this.predefined = predefined;
            this.refs = predefined ? 0 : 1;
        }
    }

    /** A freed object collected: it can no longer be used, so it no longer costs the calls a look-up. */
    private static final class Collected implements Consumer<Tracked> {
        private final ObjectRules rules;

        Collected(ObjectRules rules) {
            this.rules = rules;
        }

        @Override
        public void accept(Tracked t) {
            if (t.freedBy != null) {
                rules.freed--;
            }
        }
    }

    private final Checker checker;
    private final WeakIdentityTable<Tracked> objects = new WeakIdentityTable<>(new Collected(this));
    /** By call site (its calling address, or the function where the site is unknown). */
    private final Map<Object, Origin> origins = new HashMap<>();

    private @Nullable Class<?> opClass;
    /** Set once the predefined objects are known: before (or without) them nothing is followed. */
    private volatile boolean on;
    /** How many freed objects are alive: while none is, calls are not looked at. */
    private volatile int freed;

    ObjectRules(Checker checker) {
        this.checker = checker;
    }

    /**
     * After {@code MPI_Init}: the binding's predefined objects, the static fields of {@code mpi.MPI}
     * beside {@code world}'s class (every one of a type, or holding an object, of the binding's package {@code mpi}).
     */
    void predefined(Object world) throws ReflectiveOperationException {
        ClassLoader loader = world.getClass().getClassLoader();
        Class<?> mpi = Class.forName("mpi.MPI", false, loader);
        Class<?> op = Class.forName("mpi.Op", false, loader);
        List<Object> found = new ArrayList<>();
        for (Field f : mpi.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && !f.getType().isPrimitive()) {
                Object v = f.get(null);
                if (v != null
                        && ("mpi".equals(f.getType().getPackageName())
                                || "mpi".equals(v.getClass().getPackageName()))) {
                    found.add(v);
                }
            }
        }
        found.add(world);
        known(found, op);
    }

    /** The predefined objects and the binding's class of operations: from now on objects are followed. */
    void known(List<Object> predefined, Class<?> op) {
        synchronized (this) {
            opClass = op;
            for (Object v : predefined) {
                objects.put(v, new Tracked(Kind.COMMUNICATOR, null, true));
            }
        }
        on = true;
    }

    /** Whether some freed object is alive, so that calls must be looked at. */
    boolean anyFreed() {
        return freed > 0;
    }

    /**
     * Before a call: reports each freed object it is given (receiver or argument); true if there
     * was one (the checker then leaves the call alone: a freed handle must not be asked about).
     */
    boolean usedAfterFree(MpiCall call) {
        boolean found = false;
        Object receiver = call.receiver();
        if (receiver != null) {
            found |= usedAfterFree(call, receiver);
        }
        int n = call.argumentCount();
        for (int i = 0; i < n; i++) {
            Object a = call.argument(i);
            if (a != null && !(a instanceof Number)) {
                found |= usedAfterFree(call, a);
            }
        }
        return found;
    }

    private boolean usedAfterFree(MpiCall call, Object o) {
        Kind kind;
        MpiFunction freedBy;
        CallingAddress freedAt;
        Origin origin;
        synchronized (this) {
            Tracked t = objects.get(o);
            if (t == null || t.freedBy == null) {
                return false;
            }
            kind = t.kind;
            freedBy = t.freedBy;
            freedAt = t.freedAt;
            origin = t.origin;
        }
        MpiFunction f = call.function();
        boolean again = ObjectCalls.frees(f) != null && o == call.receiver();
        String made = origin == null ? "" : " (made by " + origin.function + where(origin.site) + ")";
        checker.report(
                "object_used_after_free",
                Finding.Severity.ERROR,
                (again
                                ? "this " + f + " frees a " + kind.noun + made + " that " + freedBy + " freed already"
                                : "this " + f + " is given a " + kind.noun + made + " that " + freedBy
                                        + " freed before")
                        + ": a freed MPI object is invalid and must not be used again. Free each object once,"
                        + " after its last use, or make a new one",
                Sites.of(checker.rank(), freedBy, freedAt),
                Sites.of(checker.rank(), f, call.callingAddress()));
        return true;
    }

    private static String where(@Nullable CallingAddress site) {
        return site == null
                ? ""
                : " at " + site.className() + "." + site.methodName() + "(" + site.fileName() + ":" + site.line() + ")";
    }

    /** After {@code call} (one that {@link ObjectCalls#follows}) returned: what it made, freed, or first gave an operation. */
    void after(MpiCall call) {
        if (!on) {
            return;
        }
        MpiFunction f = call.function();
        Kind made = ObjectCalls.creates(f);
        if (made != null) {
            made(made, call.result(), f, call.callingAddress());
            return;
        }
        Kind freeing = ObjectCalls.frees(f);
        if (freeing != null) {
            Object o = call.receiver();
            if (o != null) {
                freed(freeing, o, f, call.callingAddress());
            }
            return;
        }
        Class<?> op = opClass;
        if (op != null) {
            int n = call.argumentCount();
            for (int i = 0; i < n; i++) {
                Object a = call.argument(i);
                if (op.isInstance(a)) {
                    firstUse(a, f, call.callingAddress());
                }
            }
        }
    }

    private void made(Kind kind, @Nullable Object o, MpiFunction f, @Nullable CallingAddress site) {
        if (o == null || isNull(o)) {
            return; // split with MPI_UNDEFINED, create on a non-member: MPI_COMM_NULL, nothing to free
        }
        synchronized (this) {
            Tracked t = objects.get(o);
            if (t != null && t.predefined) {
                return;
            }
            if (t != null && t.freedBy == null) {
                t.refs++; // the binding gave out an object it had given before
                if (t.origin != null) {
                    t.origin.unfreed++;
                }
                return;
            }
            if (t != null) {
                freed--; // a freed object given out again is a new one
            }
            Origin origin = origins.computeIfAbsent(site == null ? f : site, k -> new Origin(kind, f, site));
            origin.unfreed++;
            objects.put(o, new Tracked(kind, origin, false));
        }
    }

    private synchronized void firstUse(Object op, MpiFunction f, @Nullable CallingAddress site) {
        if (objects.get(op) == null) {
            Origin origin = origins.computeIfAbsent(site == null ? f : site, k -> new Origin(Kind.OP, f, site));
            origin.unfreed++;
            objects.put(op, new Tracked(Kind.OP, origin, false));
        }
    }

    private synchronized void freed(Kind kind, Object o, MpiFunction f, @Nullable CallingAddress site) {
        Tracked t = objects.get(o);
        if (t == null) {
            t = new Tracked(kind, null, false); // made where the agent does not see it (new Info(), new Win(...))
            objects.put(o, t);
        } else if (t.predefined || t.freedBy != null) {
            return; // a predefined object (MPJ's clone of COMM_WORLD is COMM_WORLD), or reported before the call
        }
        if (t.origin != null) {
            t.origin.unfreed--;
        }
        if (--t.refs <= 0) {
            t.freedBy = f;
            t.freedAt = site;
            freed++;
        }
    }

    /** At {@code MPI_Finalize}: an {@code object_leak} for each site whose objects are not all freed. */
    void leaks() {
        List<Origin> left = new ArrayList<>();
        synchronized (this) {
            for (Origin o : origins.values()) {
                if (o.unfreed > 0) {
                    left.add(o);
                }
            }
        }
        left.sort(ORDER);
        // fact free no-op: the binding's frees do nothing (MPJ Express), which the finding says
        boolean freeIsNoOp = !checker.facts().freeInvalidates();
        for (Origin o : left) {
            int n = o.unfreed;
            String what = o.kind == Kind.OP
                    ? (n == 1 ? "the user-defined operation" : n + " user-defined operations") + " first given to this "
                            + o.function + " (where the binding makes the MPI operation; new Op(...) is no MPI call)"
                    : (n == 1 ? "the " + o.kind.noun : n + " " + o.kind.noun + "s") + " made by this " + o.function;
            checker.record(new Finding(
                    "object_leak",
                    Finding.Severity.WARNING,
                    what + (n == 1 ? " was" : " were") + " never freed (" + o.kind.free + ") before MPI_Finalize;"
                            + " free each object the program makes after its last use (in a finally block where"
                            + " an exception may intervene); predefined objects (MPI.COMM_WORLD, MPI.INT, MPI.SUM)"
                            + " are never freed"
                            + (freeIsNoOp
                                    ? ". This binding's free is a no-op ("
                                            + checker.facts().title()
                                            + "), so the object costs nothing here, but other MPI libraries keep"
                                            + " it until the job ends"
                                    : ""),
                    List.of(site(o)),
                    n));
        }
    }

    private FindingSite site(Origin o) {
        return Sites.of(checker.rank(), o.function, o.site);
    }

    private static final Comparator<Origin> ORDER = Comparator.comparing(
                    (Origin o) -> o.site == null ? "" : o.site.className())
            .thenComparingInt(o -> o.site == null ? -1 : o.site.line())
            .thenComparing(o -> o.function.name());

    /**
     * Whether {@code o} is the binding's null object (Open MPI's {@code isNull()}: what
     * {@code split} with {@code MPI_UNDEFINED} returns). Asked only of objects just made.
     */
    private static boolean isNull(Object o) {
        try {
            return Boolean.TRUE.equals(o.getClass().getMethod("isNull").invoke(o));
        } catch (NoSuchMethodException e) {
            return false;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return true;
        }
    }
}
