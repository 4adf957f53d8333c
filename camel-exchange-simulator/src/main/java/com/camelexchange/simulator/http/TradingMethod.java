package com.camelexchange.simulator.http;

import com.camelexchange.simulator.Permission;

import java.util.Set;

/**
 * The signed requests of the WebSocket interface, named by the end of their channel: {@code <pair>_order},
 * {@code <coin>_getuseraddress}, {@code getaccountinfo}, and the account pushes one subscribes to. Each takes the
 * frame fields every signed frame carries and its own; anything else is refused with 3005 as over REST.
 */
enum TradingMethod {
    ORDER("order", Scope.MARKET, Permission.ENTRUST, Set.of("price", "amount", "tradeType")),
    CANCEL_ORDER("cancelorder", Scope.MARKET, Permission.ENTRUST, Set.of("id")),
    GET_ORDER("getorder", Scope.MARKET, Permission.ENTRUST, Set.of("id")),
    GET_ORDERS("getorders", Scope.MARKET, Permission.ENTRUST, Set.of("pageIndex", "tradeType")),
    GET_ORDERS_NEW("getordersnew", Scope.MARKET, Permission.ENTRUST, Set.of("pageIndex", "pageSize", "tradeType")),
    GET_ORDERS_IGNORE_TRADE_TYPE("getordersignoretradetype", Scope.MARKET, Permission.ENTRUST,
            Set.of("pageIndex", "pageSize")),
    GET_UNFINISHED_ORDERS_IGNORE_TRADE_TYPE("getunfinishedordersignoretradetype", Scope.MARKET, Permission.ENTRUST,
            Set.of("pageIndex", "pageSize")),
    GET_ACCOUNT_INFO("getaccountinfo", Scope.ACCOUNT, Permission.ASSET, Set.of()),
    GET_USER_ADDRESS("getuseraddress", Scope.COIN, Permission.MONEY, Set.of()),
    GET_WITHDRAW_ADDRESS("getwithdrawaddress", Scope.COIN, Permission.MONEY, Set.of()),
    GET_WITHDRAW_RECORD("getwithdrawrecord", Scope.COIN, Permission.MONEY, Set.of("pageIndex", "pageSize")),
    /** The account's orders as they change: a subscription, optionally to one {@code market} (no underscore). */
    PUSH_RECORDS("push_user_incr_record", Scope.ACCOUNT, Permission.ENTRUST, Set.of("market")),
    /** The account's spot balances as they change: a subscription. */
    PUSH_ASSETS("push_user_incr_asset", Scope.ACCOUNT, Permission.ASSET, Set.of());

    /** What the part of the channel name before the method names. */
    enum Scope {
        /** {@code <pair>_<method>}: a market without its underscore. */
        MARKET,
        /** {@code <coin>_<method>}. */
        COIN,
        /** The method alone is the channel. */
        ACCOUNT
    }

    /** Fields every signed frame may carry. */
    static final Set<String> COMMON = Set.of("event", "channel", "accesskey", "sign", "no");

    private final String wire;
    private final Scope scope;
    private final Permission permission;
    private final Set<String> fields;

    TradingMethod(String wire, Scope scope, Permission permission, Set<String> fields) {
        this.wire = wire;
        this.scope = scope;
        this.permission = permission;
        this.fields = fields;
    }

    /** The channel's method part, e.g. {@code cancelorder}; the name faults are injected under. */
    String wire() {
        return wire;
    }

    Scope scope() {
        return scope;
    }

    Permission permission() {
        return permission;
    }

    boolean accepts(String field) {
        return COMMON.contains(field) || fields.contains(field);
    }

    boolean subscription() {
        return this == PUSH_RECORDS || this == PUSH_ASSETS;
    }

    /** The method of this scope with this wire name, or null. */
    static TradingMethod find(Scope scope, String wire) {
        for (TradingMethod m : values()) {
            if (m.scope == scope && m.wire.equals(wire)) {
                return m;
            }
        }
        return null;
    }
}
