/**
 * What the component asks of camel-exchange-paper, which it finds with {@link java.util.ServiceLoader} only when
 * paper trading or recording is switched on: the paper exchange that takes every signed call in paper mode, and
 * the listener of the market data the component receives (the recorder). Interfaces and values of the
 * component's own models only, so the component needs none of that module's classes to load.
 */
package com.camelexchange.component.paper;
