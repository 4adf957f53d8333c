package com.camelexchange.simulator.http;

import com.camelexchange.simulator.Permission;
import com.camelexchange.simulator.Variant;

import java.util.Set;

/**
 * The signed trading and account methods: the permission each needs, the parameters each accepts in
 * each variant (anything else is refused with 3005, as the real service refuses an unknown
 * parameter), and whether its reply carries {@code code} as a string or as a number.
 */
enum ApiMethod {
    ORDER("order", Permission.ENTRUST, true, false,
            Set.of("currency", "price", "amount", "tradeType", "acctType"), Set.of("customerOrderId", "orderType")),
    ORDER_MORE_V2("orderMoreV2", Permission.ENTRUST, true, true,
            Set.of("market", "tradeParams", "tradeType", "acctType"), Set.of()),
    CANCEL_ORDER("cancelOrder", Permission.ENTRUST, true, false, Set.of("currency", "id"), Set.of("customerOrderId")),
    GET_ORDER("getOrder", Permission.ENTRUST, false, false, Set.of("currency", "id"), Set.of("customerOrderId")),
    GET_ORDERS("getOrders", Permission.ENTRUST, false, false, Set.of("currency", "tradeType", "pageIndex"), Set.of()),
    GET_ORDERS_IGNORE_TRADE_TYPE("getOrdersIgnoreTradeType", Permission.ENTRUST, false, false,
            Set.of("currency", "pageIndex", "pageSize"), Set.of()),
    GET_UNFINISHED_ORDERS_IGNORE_TRADE_TYPE("getUnfinishedOrdersIgnoreTradeType", Permission.ENTRUST, false, false,
            Set.of("currency", "pageIndex", "pageSize"), Set.of()),
    GET_ACCOUNT_INFO("getAccountInfo", Permission.ASSET, false, false, Set.of(), Set.of()),
    GET_USER_ADDRESS("getUserAddress", Permission.MONEY, false, false, Set.of("currency"), Set.of()),
    GET_WITHDRAW_ADDRESS("getWithdrawAddress", Permission.MONEY, false, false, Set.of("currency"), Set.of()),
    GET_WITHDRAW_RECORD("getWithdrawRecord", Permission.MONEY, false, false,
            Set.of("currency", "pageIndex", "pageSize"), Set.of());

    /** Parameters every signed call carries. */
    static final Set<String> COMMON = Set.of("method", "accesskey", "sign", "reqTime");

    private final String wireName;
    private final Permission permission;
    private final boolean stringCode;
    private final boolean variantAOnly;
    private final Set<String> parameters;
    private final Set<String> variantAParameters;

    ApiMethod(String wireName, Permission permission, boolean stringCode, boolean variantAOnly,
              Set<String> parameters, Set<String> variantAParameters) {
        this.wireName = wireName;
        this.permission = permission;
        this.stringCode = stringCode;
        this.variantAOnly = variantAOnly;
        this.parameters = parameters;
        this.variantAParameters = variantAParameters;
    }

    String wireName() {
        return wireName;
    }

    Permission permission() {
        return permission;
    }

    /** Trading replies show {@code "code":"1000"}; query replies show {@code "code":1000}. */
    boolean stringCode() {
        return stringCode;
    }

    boolean accepts(String parameter, Variant variant) {
        return COMMON.contains(parameter) || parameters.contains(parameter)
                || (variant == Variant.A && variantAParameters.contains(parameter));
    }

    /** The method named by a path segment in a variant, or null when that variant has no such method. */
    static ApiMethod find(String wireName, Variant variant) {
        for (ApiMethod m : values()) {
            if (m.wireName.equals(wireName)) {
                return m.variantAOnly && variant != Variant.A ? null : m;
            }
        }
        return null;
    }
}
