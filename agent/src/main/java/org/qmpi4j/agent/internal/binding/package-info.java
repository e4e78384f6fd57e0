/**
 * What the agent knows about each MPI Java binding, loaded from data rather than written as code:
 * one descriptor per binding ({@code agent/src/main/bindings/*.binding}, listed in
 * {@code bindings.index}) says which binding methods are which {@link org.qmpi4j.api.MpiFunction},
 * which of their parameters carry the communicator, buffer, count, datatype, peer, tag and
 * request, and how to recognise the binding from a class loader without loading it. Adding a
 * binding means adding a descriptor file, not Java code.
 *
 * <p>The texts are compiled by the build (module {@code descriptor-compiler}, which parses and
 * checks them); the agent ships and reads only their compiled form ({@code CompiledDescriptor})
 * through the catalog ({@code BindingCatalog}).
 */
package org.qmpi4j.agent.internal.binding;
