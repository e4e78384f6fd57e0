# Reads an OTF2 archive with OTF2's Python bindings (Debian's python3-otf2) and prints, as one JSON
# object, what the tests compare: the clock, each rank's host, every record per rank (MPI records
# with their peer, communicator, tag and bytes; "Nested A > B" for each Enter of B inside A), the
# call sites' source locations, the communicators' groups, and whether
# every location's timestamps rise and its Enter/Leave records nest.
import json
import sys
from collections import Counter, defaultdict

import otf2
from otf2 import definitions

UNDEF32 = 0xFFFFFFFF

# Debian 12's python3-otf2 (3.0.2) declares InterComm's fields after Comm's instead of in their
# place, so reading an intercommunicator looks its second group up among the communicators and
# fails (KeyError). Its fields as OTF2 defines the record: name, group A, group B, common
# communicator, flags (otf2-print reads the same archives without this).
_inter = {f.name: f for f in definitions.InterComm._fields[len(definitions.Comm._fields):]}
if "groupA" in _inter and len(definitions.InterComm._fields) > 5:
    definitions.InterComm._fields = (
        definitions.Comm._fields[0], _inter["groupA"], _inter["groupB"],
        definitions.Comm._fields[2], definitions.Comm._fields[3])


def val(v):
    return "-" if v is None or v == UNDEF32 else str(v)


def comm_name(c):
    return c.name if c is not None else "-"


with otf2.reader.open(sys.argv[1]) as trace:
    d = trace.definitions
    out = {
        "resolution": d.clock_properties.timer_resolution,
        "offset": d.clock_properties.global_offset,
        "length": d.clock_properties.trace_length,
        "hosts": {},
        "locations": {},
        "sources": {},
        "records": defaultdict(Counter),
        "ordered": True,
        "problems": [],
    }
    for g in d.location_groups:
        rank = int(g.name.split()[-1])
        out["hosts"][rank] = g.system_tree_parent.name
    out["comms"] = {}
    for c in d.comms:
        members = lambda g: [m if isinstance(m, int) else int(m.group.name.split()[-1]) for m in g.members]
        if hasattr(c, "groupA"):
            out["comms"][c.name] = [members(c.groupA), members(c.groupB)]
        else:
            out["comms"][c.name] = [members(c.group)]
    for r in d.regions:
        if r.source_file is not None and r.source_file != "":
            out["sources"][r.name] = "%s:%d" % (r.source_file, r.begin_line_number)
    last = {}
    stack = defaultdict(list)
    for loc, ev in trace.events:
        rank = int(loc.group.name.split()[-1])
        out["locations"][loc.name + "@" + str(rank)] = loc.number_of_events
        if ev.time < last.get(loc, 0):
            out["ordered"] = False
            out["problems"].append("time goes back on %s at %d" % (loc.name, ev.time))
        last[loc] = ev.time
        kind = type(ev).__name__
        if kind == "Enter":
            key = "Enter " + ev.region.name
            if stack[loc]:
                out["records"][rank]["Nested %s > %s" % (stack[loc][-1], ev.region.name)] += 1
            stack[loc].append(ev.region.name)
        elif kind == "Leave":
            key = "Leave " + ev.region.name
            if not stack[loc] or stack[loc].pop() != ev.region.name:
                out["ordered"] = False
                out["problems"].append("Leave %s does not close the last Enter" % ev.region.name)
        elif kind in ("MpiSend", "MpiIsend"):
            key = "%s to %s on %s tag %s bytes %d" % (
                kind, val(ev.receiver), comm_name(ev.communicator), val(ev.msg_tag), ev.msg_length)
        elif kind in ("MpiRecv", "MpiIrecv"):
            key = "%s from %s on %s tag %s bytes %d" % (
                kind, val(ev.sender), comm_name(ev.communicator), val(ev.msg_tag), ev.msg_length)
        elif kind == "MpiCollectiveEnd":
            key = "%s %s on %s root %s sent %d received %d" % (
                kind, str(ev.collective_op).split(".")[-1], comm_name(ev.communicator), val(ev.root), ev.size_sent,
                ev.size_received)
        else:
            key = kind
        out["records"][rank][key] += 1
    for loc, s in stack.items():
        if s:
            out["ordered"] = False
            out["problems"].append("%s left open on %s" % (s, loc.name))
    json.dump(out, sys.stdout, sort_keys=True)
