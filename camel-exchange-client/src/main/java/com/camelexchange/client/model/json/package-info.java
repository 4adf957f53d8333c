/**
 * How the model records look as JSON to Camel's JSON data formats with their defaults: decimals as exact
 * plain-notation strings, times as ISO-8601 UTC text. Used through annotations on the records, so no module
 * or mapper needs registering; the component's own reading of the exchange's replies does not use them.
 */
package com.camelexchange.client.model.json;
