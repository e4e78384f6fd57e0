/**
 * What the agent knows about each MPI Java binding, loaded from data rather than written as code:
 * one descriptor per binding (resources {@code org/qmpi4j/agent/bindings/*.binding}, listed in
 * {@code bindings.index}) says which binding methods are which {@link org.qmpi4j.api.MpiFunction},
 * which of their parameters carry the communicator, buffer, count, datatype, peer, tag and
 * request, and how to recognise the binding from a class loader without loading it. Adding a
 * binding means adding a descriptor file, not Java code.
 */
package org.qmpi4j.agent.internal.binding;
