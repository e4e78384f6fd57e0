"""What both corpus generators share (../corpus/generate.py, ../corpus-mpj/generate.py): the header's
`expect:` line computed from the `// ERROR` markers, writing the programs, and recomputing the
headers after `mvn spotless:apply` moved lines. Each generator keeps its own API, template and
programs; the header format is one, read by the integration tests for both bindings."""
import os, re

def marked_lines(text):
    return [i + 1 for i, l in enumerate(text.split("\n")) if l.rstrip().endswith("// ERROR")]

def expect_text(rule, lines):
    return "none" if rule is None else f"{rule} lines {','.join(map(str, lines))}"

def fix_headers(root):
    for dirpath, _, files in os.walk(root):
        for f in files:
            p = os.path.join(dirpath, f)
            text = open(p).read()
            m = re.search(r"^// expect: (\S+)", text, re.M)
            if m is None:
                continue  # package-info.java
            rule = m.group(1)
            new = re.sub(r"^// expect: .*$", "// expect: " + expect_text(None if rule == "none" else rule, marked_lines(text)), text, count=1, flags=re.M)
            if new != text:
                open(p, "w").write(new)

def indent(text, n):
    return "\n".join((" " * n + l) if l else "" for l in text.split("\n"))

def write_programs(root, programs, template):
    """Writes each program (a dict of the template's fields, `body` not yet indented, `expect` the
    rule or None) into root/<category>/<name>.java; a body that ends in `return;` ends the program
    there, without MPI.Finalize()."""
    names = set()
    for p in programs:
        assert p["name"] not in names, p["name"]
        names.add(p["name"])
        body = indent(p["body"], 8)
        tail = body.rstrip().endswith("return;")
        if tail:
            body = body.rstrip()[: -len("return;")].rstrip()
        fields = dict(p, body=body, intent_doc=p["intent"].replace("`", ""), expect="EXPECT")
        text = template.format(**fields)
        if tail:
            text = text.replace("\n        MPI.Finalize();\n    }", "\n    }", 1)
        rule = p["expect"]
        assert (rule is None) == (len(marked_lines(text)) == 0), p["name"]
        text = text.replace("// expect: EXPECT", "// expect: " + expect_text(rule, marked_lines(text)))
        d = os.path.join(root, p["category"])
        os.makedirs(d, exist_ok=True)
        open(os.path.join(d, p["name"] + ".java"), "w").write(text)
    bad = sum(1 for p in programs if p["expect"])
    print(f"{len(programs)} programs, {bad} with an error, {len(programs) - bad} correct")
