package org.qmpi4j.agent.internal;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import org.qmpi4j.agent.internal.chain.ToolRegistry;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.ToolProvider;
import org.qmpi4j.api.internal.log.Log;
import org.qmpi4j.api.settings.Setting;

/**
 * Finds tools with {@link ServiceLoader} before the application starts (QMPI's registration
 * phase): the bundled tools in the agent's own class loader, then the application class path and
 * the jars of the tool path. Tool classes are never rewritten, so their own MPI calls are not
 * intercepted.
 */
public final class ToolDiscovery {
    private final ClassLoader toolLoader;
    private final Set<String> toolPackages = new LinkedHashSet<>();
    private final List<ToolProvider> providers = new ArrayList<>();
    /** Asked for only when an agent argument is not one of the agent's own (see {@link #declaredSettings}). */
    private @Nullable List<Setting<?>> declaredSettings;

    private final Log log = Log.agent();

    private ToolDiscovery(ClassLoader toolLoader) {
        this.toolLoader = toolLoader;
    }

    /**
     * Nothing discovered yet (discovery deferred, see {@code ToolRegistry.deferDiscovery}): no
     * tool loader but the system loader, no tool package. A tool on the application's class path
     * that is first named later (through MPI_T) is then not kept out of the rewriting: name tools
     * in the tool list at start, or put them on the tool path, for their own MPI calls to stay
     * their own.
     */
    public static ToolDiscovery none() {
        return new ToolDiscovery(ClassLoader.getSystemClassLoader());
    }

    /** {@link #discover} when first needed: a named class, not a lambda (none on the start path). */
    public static final class Deferred implements Runnable {
        private final List<Path> toolPath;

        public Deferred(List<Path> toolPath) {
            this.toolPath = toolPath;
        }

        @Override
        public void run() {
            discover(toolPath);
        }
    }

    /** Registers every tool found; problems are reported on stderr and skipped. */
    public static ToolDiscovery discover(List<Path> toolPath) {
        Log err = Log.agent();
        ClassLoader system = ClassLoader.getSystemClassLoader();
        ClassLoader loader = system;
        if (!toolPath.isEmpty()) {
            List<URL> urls = new ArrayList<>();
            for (Path p : toolPath) {
                if (!Files.exists(p)) {
                    err.warn("tool path entry " + p + " does not exist; ignored");
                    continue;
                }
                try {
                    urls.add(p.toUri().toURL());
                } catch (MalformedURLException e) {
                    err.warn("tool path entry " + p + " is not usable: " + e.getMessage());
                }
            }
            loader = new URLClassLoader("qmpi4j-tools", urls.toArray(new URL[0]), system);
        }
        ToolDiscovery d = new ToolDiscovery(loader);
        ClassLoader own = ToolDiscovery.class.getClassLoader();
        if (!delegatesTo(loader, own)) {
            d.load(own); // the sealed agent jar: the bundled tools, hidden from the application
        }
        d.load(loader);
        return d;
    }

    /** Whether {@code loader} is {@code ancestor} or asks it first (so it already finds what it finds). */
    private static boolean delegatesTo(ClassLoader loader, ClassLoader ancestor) {
        for (ClassLoader l = loader; l != null; l = l.getParent()) {
            if (l == ancestor) {
                return true;
            }
        }
        return false;
    }

    private void load(ClassLoader from) {
        Iterator<ToolProvider> it = ServiceLoader.load(ToolProvider.class, from).iterator();
        while (true) {
            ToolProvider p;
            try {
                if (!it.hasNext()) {
                    break;
                }
                p = it.next();
            } catch (ServiceConfigurationError e) {
                log.warn("a tool could not be loaded and is not available: " + e.getMessage());
                continue;
            }
            try {
                ToolRegistry.global().register(p.name(), p, p.description());
                String cls = p.getClass().getName();
                int dot = cls.lastIndexOf('.');
                toolPackages.add(dot < 0 ? "" : cls.substring(0, dot + 1).replace('.', '/'));
                providers.add(p);
            } catch (RuntimeException | LinkageError e) {
                log.warn("tool " + p.getClass().getName() + " not registered: " + e.getMessage());
            }
        }
    }

    /** The loader of tool-path jars (the system loader when there is no tool path). */
    public ClassLoader toolLoader() {
        return toolLoader;
    }

    /** The settings the discovered tools declared ({@link ToolProvider#settings()}). */
    public synchronized List<Setting<?>> declaredSettings() {
        if (declaredSettings == null) {
            // on demand: declaring a tool's settings loads its classes, which a job whose agent
            // arguments are all the agent's own never needs at start
            List<Setting<?>> all = new ArrayList<>();
            for (ToolProvider p : providers) {
                try {
                    all.addAll(p.settings());
                } catch (RuntimeException | LinkageError e) {
                    log.warn("tool " + p.name() + " declares no usable settings: " + e.getMessage());
                }
            }
            declaredSettings = all;
        }
        return declaredSettings;
    }

    /** Internal-name prefixes ({@code org/example/tools/}) of packages holding discovered tools. */
    public Set<String> toolPackages() {
        return toolPackages;
    }
}
