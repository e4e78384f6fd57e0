package org.qmpi4j.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --name value} options of the benchmark mains, each with a default and a description so
 * that {@code --help} lists them; an unknown option is an error that lists the known ones.
 */
public final class BenchOptions {
    private final String usage;
    private final Map<String, String[]> options = new LinkedHashMap<>(); // name -> {default, description}
    private final Map<String, String> values = new LinkedHashMap<>();
    private boolean help;

    public BenchOptions(String usage) {
        this.usage = usage;
    }

    /** Options of the main class {@code main}, run from benchmarks.jar; {@code what} opens its usage. */
    public static BenchOptions forMain(String what, Class<?> main) {
        return new BenchOptions(
                what + "\nusage: java -cp benchmarks/target/benchmarks.jar " + main.getName() + " [options]");
    }

    /** {@code --variants}, which every benchmark takes, with its default; read it with {@link #variants()}. */
    public BenchOptions variantsOption(List<Variant> defaults) {
        return option("variants", Variants.ids(defaults), "variants (ids, or tools=a+b for any tool list)");
    }

    /**
     * {@code --repetitions}, default {@code defaults}, for a benchmark whose repetition runs every
     * {@code each} (job, program) in every variant.
     */
    public BenchOptions repetitionsOption(int defaults, String each) {
        return option(
                "repetitions", String.valueOf(defaults), "repetitions; each runs every " + each + " in every variant");
    }

    /** The variants {@code --variants} names. */
    public List<Variant> variants() {
        return Variants.parse(get("variants"));
    }

    public BenchOptions option(String name, String defaultValue, String description) {
        options.put(name, new String[] {defaultValue, description});
        return this;
    }

    /** Parses {@code args}; returns false (after printing the usage) if {@code --help} was asked. */
    public boolean parse(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--help") || a.equals("-h")) {
                help = true;
                continue;
            }
            if (!a.startsWith("--") || !options.containsKey(a.substring(2))) {
                throw new IllegalArgumentException("unknown argument '" + a + "'\n" + usage());
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(a + " needs a value\n" + usage());
            }
            values.put(a.substring(2), args[++i]);
        }
        if (help) {
            System.out.println(usage());
        }
        return !help;
    }

    public String get(String name) {
        if (!options.containsKey(name)) {
            throw new IllegalArgumentException("no option " + name);
        }
        return values.getOrDefault(name, options.get(name)[0]);
    }

    public int getInt(String name) {
        try {
            return Integer.parseInt(get(name));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be a whole number, was '" + get(name) + "'");
        }
    }

    public String usage() {
        StringBuilder sb = new StringBuilder(usage).append("\noptions:\n");
        options.forEach((n, d) -> sb.append(String.format("  --%-22s %s (default: %s)%n", n + " <v>", d[1], d[0])));
        return sb.toString();
    }
}
