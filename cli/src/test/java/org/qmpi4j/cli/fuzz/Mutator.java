package org.qmpi4j.cli.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Damages a file's bytes the ways files are damaged or forged: cut short, bits flipped, bytes
 * inserted, deleted or repeated, invalid UTF-8, and, knowing the file's kind, JSON tokens swapped,
 * dropped, repeated or replaced by values of the wrong type or of extreme size, members missing or
 * named twice, arrays nested deeply, strings made very long, and lines of a trace shard dropped,
 * repeated, swapped or given extreme fields. Every choice comes from one {@link Random} seeded by
 * the caller, so a seed names its mutation for good.
 */
public final class Mutator {
    /** What a file holds, for the mutations that know its syntax. */
    public enum Kind {
        JSON,
        JSON_LINES,
        SHARD
    }

    /** The damaged bytes and what was done, for the message of a failing case. */
    public static final class Mutation {
        public final byte[] bytes;
        public final String description;

        Mutation(byte[] bytes, String description) {
            this.bytes = bytes;
            this.description = description;
        }
    }

    /** Numbers at the edges: of long and int, of double, negative counts, NaN. */
    private static final String[] EXTREME_NUMBERS = {
        "-1",
        "0",
        "-0",
        "2147483647",
        "2147483648",
        "-2147483649",
        "9223372036854775807",
        "-9223372036854775808",
        "99999999999999999999999999",
        "1e309",
        "-1e309",
        "1e-400",
        "1.5",
        "NaN",
        "Infinity",
        "2000000000",
        "1000000000000",
        "65",
        "-65"
    };

    /** Values of every JSON type, to put where another type belongs. */
    private static final String[] WRONG_TYPES = {
        "\"x\"", "\"\"", "[]", "{}", "null", "true", "false", "[1,2]", "{\"a\":1}", "[[[]]]", "-5", "0.25"
    };

    /** Fields a shard line may be given instead of its own. */
    private static final String[] SHARD_FIELDS = {
        "-",
        "x",
        "",
        "0..2147483647",
        "-2147483648..2147483647",
        "5..1",
        "0,1,2,3,4,5,6,7,8,9",
        "I",
        "X",
        "w",
        "0..3,x,7",
        "..",
        "1..",
        "qmpi4j-trace"
    };

    /** Invalid UTF-8: a lone continuation-less lead, a bad continuation, a cut sequence, a surrogate, 0xFF. */
    private static final byte[][] BAD_UTF8 = {
        {(byte) 0xFF},
        {(byte) 0xC3, (byte) 0x28},
        {(byte) 0xE2, (byte) 0x82},
        {(byte) 0xF0, (byte) 0x9F, (byte) 0x98},
        {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
        {(byte) 0xC0, (byte) 0x80}
    };

    private final Random random;
    private final Kind kind;

    public Mutator(long seed, Kind kind) {
        this.random = new Random(seed);
        this.kind = kind;
    }

    /** One to three mutations of {@code original}, chosen by the seed. */
    public Mutation mutate(byte[] original) {
        int rounds = random.nextInt(10) < 7 ? 1 : 2 + random.nextInt(2);
        byte[] b = original;
        List<String> done = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            Mutation m = once(b);
            b = m.bytes;
            done.add(m.description);
        }
        return new Mutation(b, String.join("; then ", done));
    }

    private Mutation once(byte[] b) {
        // The generic byte damage (0-7) and the kind's own (8-15), about half each.
        int choice = random.nextBoolean() ? random.nextInt(8) : 8 + random.nextInt(8);
        switch (choice) {
            case 0:
                return truncate(b);
            case 1:
                return flipBits(b);
            case 2:
                return insertRandom(b);
            case 3:
                return deleteRange(b);
            case 4:
                return repeatRange(b);
            case 5:
                return random.nextInt(4) == 0 ? new Mutation(new byte[0], "emptied") : truncate(b);
            case 6:
                return badUtf8(b);
            case 7:
                return random.nextInt(3) == 0 ? randomBytes() : flipBits(b);
            default:
                return kind == Kind.SHARD ? shard(b, choice - 8) : json(b, choice - 8);
        }
    }

    private Mutation truncate(byte[] b) {
        int at = random.nextInt(b.length + 1);
        return new Mutation(Arrays.copyOf(b, at), "truncated to " + at + " of " + b.length + " bytes");
    }

    private Mutation flipBits(byte[] b) {
        if (b.length == 0) {
            return new Mutation(b, "nothing to flip");
        }
        byte[] out = b.clone();
        int n = 1 + random.nextInt(4);
        StringBuilder what = new StringBuilder("flipped");
        for (int i = 0; i < n; i++) {
            int at = random.nextInt(out.length);
            int bit = random.nextInt(8);
            out[at] ^= (byte) (1 << bit);
            what.append(" bit ").append(bit).append(" of byte ").append(at);
        }
        return new Mutation(out, what.toString());
    }

    private Mutation insertRandom(byte[] b) {
        byte[] ins = new byte[1 + random.nextInt(16)];
        random.nextBytes(ins);
        int at = random.nextInt(b.length + 1);
        return new Mutation(splice(b, at, at, ins), "inserted " + ins.length + " random bytes at " + at);
    }

    private Mutation deleteRange(byte[] b) {
        if (b.length == 0) {
            return new Mutation(b, "nothing to delete");
        }
        int at = random.nextInt(b.length);
        int end = Math.min(b.length, at + 1 + random.nextInt(64));
        return new Mutation(splice(b, at, end, new byte[0]), "deleted bytes " + at + "-" + end);
    }

    private Mutation repeatRange(byte[] b) {
        if (b.length == 0) {
            return new Mutation(b, "nothing to repeat");
        }
        int from = random.nextInt(b.length);
        int end = Math.min(b.length, from + 1 + random.nextInt(256));
        int times = random.nextInt(4) == 0 ? 200 : 1;
        byte[] slice = Arrays.copyOfRange(b, from, end);
        ByteArrayOutputStream rep = new ByteArrayOutputStream();
        for (int i = 0; i < times; i++) {
            rep.writeBytes(slice);
        }
        int at = random.nextInt(b.length + 1);
        return new Mutation(
                splice(b, at, at, rep.toByteArray()),
                "inserted bytes " + from + "-" + end + " " + times + " time(s) at " + at);
    }

    private Mutation badUtf8(byte[] b) {
        byte[] bad = BAD_UTF8[random.nextInt(BAD_UTF8.length)];
        int at = random.nextInt(b.length + 1);
        return new Mutation(splice(b, at, at, bad), "inserted invalid UTF-8 " + hex(bad) + " at " + at);
    }

    private Mutation randomBytes() {
        byte[] r = new byte[random.nextInt(2048)];
        random.nextBytes(r);
        return new Mutation(r, "replaced by " + r.length + " random bytes");
    }

    // ---- JSON

    /** A token of a JSON text: its byte range and whether it is a value (not punctuation). */
    private static final class Token {
        final int start;
        final int end;
        final boolean value;
        final boolean string;

        Token(int start, int end, boolean value, boolean string) {
            this.start = start;
            this.end = end;
            this.value = value;
            this.string = string;
        }
    }

    private Mutation json(byte[] b, int which) {
        List<Token> tokens = tokens(b);
        if (tokens.isEmpty()) {
            return truncate(b);
        }
        switch (which) {
            case 0: {
                Token a = pick(tokens);
                Token c = pick(tokens);
                if (a.start > c.start) {
                    Token t = a;
                    a = c;
                    c = t;
                }
                if (a.end > c.start) {
                    return new Mutation(b, "swapped a token with itself");
                }
                byte[] ta = Arrays.copyOfRange(b, a.start, a.end);
                byte[] tc = Arrays.copyOfRange(b, c.start, c.end);
                byte[] out = splice(b, c.start, c.end, ta);
                out = splice(out, a.start, a.end, tc);
                return new Mutation(out, "swapped tokens at " + a.start + " and " + c.start);
            }
            case 1: {
                Token t = pick(tokens);
                return new Mutation(splice(b, t.start, t.end, new byte[0]), "deleted the token at " + t.start);
            }
            case 2: {
                Token t = pickValue(tokens);
                String n = EXTREME_NUMBERS[random.nextInt(EXTREME_NUMBERS.length)];
                return replace(b, t, n);
            }
            case 3: {
                Token t = pickValue(tokens);
                return replace(b, t, WRONG_TYPES[random.nextInt(WRONG_TYPES.length)]);
            }
            case 4:
                return missingMember(b, tokens);
            case 5:
                return duplicateMember(b, tokens);
            case 6: {
                Token t = pickValue(tokens);
                int depth = random.nextInt(3) == 0 ? 100_000 : 600;
                String deep = "[".repeat(depth) + "1" + "]".repeat(random.nextBoolean() ? depth : 0);
                Mutation m = replace(b, t, deep);
                return new Mutation(m.bytes, "nested " + depth + " arrays at " + t.start);
            }
            default: {
                Token t = pickString(tokens);
                int len = random.nextInt(3) == 0 ? 1 << 20 : 70_000;
                String s = "\"" + "\\u00e9a".repeat(len / 7) + "\"";
                Mutation m = replace(b, t, s);
                return new Mutation(m.bytes, "a string of " + len + " characters at " + t.start);
            }
        }
    }

    private Mutation replace(byte[] b, Token t, String text) {
        String shown = text.length() > 40 ? text.substring(0, 40) + "..." : text;
        return new Mutation(
                splice(b, t.start, t.end, text.getBytes(StandardCharsets.UTF_8)),
                "replaced the token at " + t.start + " ("
                        + new String(b, t.start, t.end - t.start, StandardCharsets.UTF_8) + ") by " + shown);
    }

    /** Drops a {@code "name": scalar} member and its comma. */
    private Mutation missingMember(byte[] b, List<Token> tokens) {
        List<Integer> names = memberNames(b, tokens);
        if (names.isEmpty()) {
            return truncate(b);
        }
        int i = names.get(random.nextInt(names.size()));
        Token name = tokens.get(i);
        Token value = tokens.get(i + 2);
        int end = value.end;
        int start = name.start;
        if (i + 3 < tokens.size() && b[tokens.get(i + 3).start] == ',') {
            end = tokens.get(i + 3).end;
        } else if (i > 0 && b[tokens.get(i - 1).start] == ',') {
            start = tokens.get(i - 1).start;
        }
        return new Mutation(
                splice(b, start, end, new byte[0]),
                "removed member " + new String(b, name.start, name.end - name.start, StandardCharsets.UTF_8) + " at "
                        + name.start);
    }

    /** Repeats a {@code "name": scalar} member right after itself. */
    private Mutation duplicateMember(byte[] b, List<Token> tokens) {
        List<Integer> names = memberNames(b, tokens);
        if (names.isEmpty()) {
            return truncate(b);
        }
        int i = names.get(random.nextInt(names.size()));
        Token name = tokens.get(i);
        Token value = tokens.get(i + 2);
        byte[] member = Arrays.copyOfRange(b, name.start, value.end);
        byte[] ins = new byte[member.length + 1];
        ins[0] = ',';
        System.arraycopy(member, 0, ins, 1, member.length);
        return new Mutation(
                splice(b, value.end, value.end, ins),
                "repeated member " + new String(b, name.start, name.end - name.start, StandardCharsets.UTF_8) + " at "
                        + name.start);
    }

    /** Indices of string tokens followed by ':' and a scalar value. */
    private static List<Integer> memberNames(byte[] b, List<Token> tokens) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i + 2 < tokens.size(); i++) {
            if (tokens.get(i).string && b[tokens.get(i + 1).start] == ':' && tokens.get(i + 2).value) {
                out.add(i);
            }
        }
        return out;
    }

    private Token pick(List<Token> tokens) {
        return tokens.get(random.nextInt(tokens.size()));
    }

    private Token pickValue(List<Token> tokens) {
        for (int tries = 0; tries < 20; tries++) {
            Token t = pick(tokens);
            if (t.value && !t.string) {
                return t;
            }
        }
        return pick(tokens);
    }

    private Token pickString(List<Token> tokens) {
        for (int tries = 0; tries < 20; tries++) {
            Token t = pick(tokens);
            if (t.string) {
                return t;
            }
        }
        return pick(tokens);
    }

    /** A rough JSON tokenizer: enough to find tokens in valid files; damaged bytes end it. */
    private static List<Token> tokens(byte[] b) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        while (i < b.length) {
            byte c = b[i];
            if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
                i++;
            } else if (c == '{' || c == '}' || c == '[' || c == ']' || c == ',' || c == ':') {
                out.add(new Token(i, i + 1, false, false));
                i++;
            } else if (c == '"') {
                int j = i + 1;
                while (j < b.length && b[j] != '"') {
                    j += b[j] == '\\' ? 2 : 1;
                }
                int end = Math.min(b.length, j + 1);
                out.add(new Token(i, end, true, true));
                i = end;
            } else {
                int j = i;
                while (j < b.length && " \n\r\t{}[],:\"".indexOf(b[j]) < 0) {
                    j++;
                }
                out.add(new Token(i, j, true, false));
                i = j;
            }
        }
        return out;
    }

    // ---- trace shards

    /**
     * Damage to a binary shard's records (after its header line at {@code body}): lines mean
     * nothing there, and repeating one would repeat most of the file.
     */
    private Mutation binaryShard(byte[] b, int body, int which) {
        if (body <= 0 || body >= b.length) {
            return truncate(b);
        }
        int at = body + random.nextInt(b.length - body);
        byte[] out = b.clone();
        switch (which % 4) {
            case 0: {
                byte v = new byte[] {0, 1, 2, 3, 4, 5, 0x7f, (byte) 0x80, (byte) 0xff}[random.nextInt(9)];
                out[at] = v;
                return new Mutation(out, "byte " + at + " set to " + (v & 0xff));
            }
            case 1: {
                for (int i = at; i < Math.min(out.length, at + 4 + random.nextInt(12)); i++) {
                    out[i] = (byte) 0xff;
                }
                return new Mutation(out, "bytes from " + at + " set to 255");
            }
            case 2: {
                int end = Math.min(b.length, at + 1 + random.nextInt(64));
                int times = random.nextInt(3) == 0 ? 5000 : 1 + random.nextInt(3);
                byte[] slice = Arrays.copyOfRange(b, at, end);
                ByteArrayOutputStream rep = new ByteArrayOutputStream();
                for (int i = 0; i < times; i++) {
                    rep.writeBytes(slice);
                }
                return new Mutation(
                        splice(b, at, at, rep.toByteArray()),
                        "bytes " + at + "-" + end + " repeated " + times + " time(s)");
            }
            default: {
                int end = Math.min(b.length, at + 1 + random.nextInt(32));
                return new Mutation(splice(b, at, end, new byte[0]), "deleted bytes " + at + "-" + end);
            }
        }
    }

    private Mutation shard(byte[] b, int which) {
        String text = new String(b, StandardCharsets.ISO_8859_1);
        if (text.startsWith("qmpi4j-trace 5 ") || text.startsWith("qmpi4j-trace 6 ")) {
            return binaryShard(b, text.indexOf('\n') + 1, which);
        }
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        if (lines.size() < 2) {
            return truncate(b);
        }
        int n = lines.size() - 1; // the last element follows the final newline
        int i = random.nextInt(n);
        String what;
        switch (which) {
            case 0:
                what = "deleted line " + (i + 1);
                lines.remove(i);
                break;
            case 1: {
                int times = random.nextInt(3) == 0 ? 5000 : 1 + random.nextInt(3);
                what = "repeated line " + (i + 1) + " " + times + " time(s)";
                for (int k = 0; k < times; k++) {
                    lines.add(i, lines.get(i));
                }
                break;
            }
            case 2: {
                int j = random.nextInt(n);
                what = "swapped lines " + (i + 1) + " and " + (j + 1);
                String t = lines.get(i);
                lines.set(i, lines.get(j));
                lines.set(j, t);
                break;
            }
            case 3:
            case 4:
            case 5: {
                String[] f = lines.get(i).split(" ", -1);
                int k = random.nextInt(f.length);
                String v = which == 5
                        ? SHARD_FIELDS[random.nextInt(SHARD_FIELDS.length)]
                        : EXTREME_NUMBERS[random.nextInt(EXTREME_NUMBERS.length)];
                what = "field " + k + " of line " + (i + 1) + " (" + f[k] + ") replaced by \"" + v + "\"";
                f[k] = v;
                lines.set(i, String.join(" ", f));
                break;
            }
            case 6: {
                String[] f = lines.get(i).split(" ", -1);
                if (random.nextBoolean() && f.length > 1) {
                    int k = random.nextInt(f.length);
                    List<String> l = new ArrayList<>(Arrays.asList(f));
                    l.remove(k);
                    what = "dropped field " + k + " of line " + (i + 1);
                    lines.set(i, String.join(" ", l));
                } else {
                    what = "added a field to line " + (i + 1);
                    lines.set(i, lines.get(i) + " 7");
                }
                break;
            }
            default: {
                int len = random.nextInt(3) == 0 ? 1 << 20 : 70_000;
                String[] f = lines.get(i).split(" ", -1);
                int k = random.nextInt(f.length);
                what = "field " + k + " of line " + (i + 1) + " made " + len + " characters long";
                f[k] = "9".repeat(len);
                lines.set(i, String.join(" ", f));
                break;
            }
        }
        return new Mutation(String.join("\n", lines).getBytes(StandardCharsets.ISO_8859_1), what);
    }

    // ----

    private static byte[] splice(byte[] b, int from, int to, byte[] insert) {
        byte[] out = new byte[b.length - (to - from) + insert.length];
        System.arraycopy(b, 0, out, 0, from);
        System.arraycopy(insert, 0, out, from, insert.length);
        System.arraycopy(b, to, out, from + insert.length, b.length - to);
        return out;
    }

    private static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) {
            sb.append(String.format("%02x", x & 0xff));
        }
        return sb.toString();
    }
}
