/** The catalogue: products, prices (lookup keys, VAT-inclusive), coupons and tax rates. */
import type Stripe from 'stripe'
import {
  coupon as buildCoupon,
  price as buildPrice,
  product as buildProduct,
  taxRate as buildTaxRate,
} from './objects.ts'
import { invalid, str, num, bool, arrayOf, metadataOf, type Params, type Core } from './core.ts'

export function createCatalogue(core: Core) {
  const { store, now, emit, changes, load } = core

  async function createProduct(params: Params): Promise<Stripe.Product> {
    const name = str(params.name)
    if (!name) throw invalid('Missing required param: name.', 'name')
    const id = str(params.id)
    if (id && (await store.get(id))) throw invalid(`Product already exists.`, 'id')
    const created = buildProduct({
      id,
      name,
      description: str(params.description) ?? null,
      metadata: metadataOf(params.metadata),
      active: bool(params.active),
      now: await now(),
    })
    await store.put(created)
    await emit('product.created', created)
    return created
  }

  async function updateProduct(id: string, params: Params): Promise<Stripe.Product> {
    const before = await load<Stripe.Product>(id, 'product')
    const after: Stripe.Product = {
      ...before,
      name: str(params.name) ?? before.name,
      description: params.description === '' ? null : (str(params.description) ?? before.description),
      active: bool(params.active) ?? before.active,
      metadata: metadataOf(params.metadata, before.metadata),
      default_price: str(params.default_price) ?? before.default_price,
      updated: await now(),
    }
    await store.put(after)
    await emit(
      'product.updated',
      after,
      changes(before, after, ['name', 'description', 'active', 'metadata']),
    )
    return after
  }

  async function createPrice(params: Params): Promise<Stripe.Price> {
    const productId = str(params.product)
    if (!productId) throw invalid('Missing required param: product.', 'product')
    await load<Stripe.Product>(productId, 'product', 'product')
    const unitAmount = num(params.unit_amount)
    if (unitAmount === undefined || unitAmount < 0)
      throw invalid('Missing required param: unit_amount.', 'unit_amount')
    const recurring = params.recurring as Params | undefined
    const interval = recurring
      ? (str(recurring.interval) as Stripe.Price.Recurring.Interval | undefined)
      : undefined
    if (recurring && !interval)
      throw invalid('Missing required param: recurring[interval].', 'recurring[interval]')
    const lookupKey = str(params.lookup_key) ?? null
    if (lookupKey) {
      const holder = (await store.list<Stripe.Price>('price')).find((p) => p.lookup_key === lookupKey)
      if (holder) {
        if (bool(params.transfer_lookup_key) !== true)
          throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key')
        await store.put({ ...holder, lookup_key: null })
      }
    }
    const taxBehavior = str(params.tax_behavior) ?? 'unspecified'
    if (!['inclusive', 'exclusive', 'unspecified'].includes(taxBehavior))
      throw invalid(`Invalid tax_behavior: ${taxBehavior}.`, 'tax_behavior')
    const created = buildPrice({
      product: productId,
      unitAmount,
      taxBehavior: taxBehavior as Stripe.Price.TaxBehavior,
      currency: (str(params.currency) ?? 'eur').toLowerCase(),
      interval: interval ?? null,
      lookupKey,
      nickname: str(params.nickname) ?? null,
      metadata: metadataOf(params.metadata),
      now: await now(),
    })
    await store.put(created)
    await emit('price.created', created)
    return created
  }

  async function updatePrice(id: string, params: Params): Promise<Stripe.Price> {
    const before = await load<Stripe.Price>(id, 'price')
    const lookupKey = params.lookup_key === '' ? null : (str(params.lookup_key) ?? before.lookup_key)
    if (lookupKey && lookupKey !== before.lookup_key) {
      const holder = (await store.list<Stripe.Price>('price')).find((p) => p.lookup_key === lookupKey)
      if (holder) {
        if (bool(params.transfer_lookup_key) !== true)
          throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key')
        await store.put({ ...holder, lookup_key: null })
      }
    }
    const after: Stripe.Price = {
      ...before,
      active: bool(params.active) ?? before.active,
      nickname: str(params.nickname) ?? before.nickname,
      lookup_key: lookupKey,
      metadata: metadataOf(params.metadata, before.metadata),
    }
    await store.put(after)
    await emit(
      'price.updated',
      after,
      changes(before, after, ['active', 'nickname', 'lookup_key', 'metadata']),
    )
    return after
  }

  async function listPrices(query: Params): Promise<Stripe.Price[]> {
    const lookupKeys = arrayOf(query.lookup_keys).map(String)
    const productId = str(query.product)
    const active = bool(query.active)
    return (await store.list<Stripe.Price>('price')).filter(
      (p) =>
        (lookupKeys.length === 0 || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key))) &&
        (!productId || p.product === productId) &&
        (active === undefined || p.active === active),
    )
  }

  async function createCoupon(params: Params): Promise<Stripe.Coupon> {
    const id = str(params.id)
    if (id && (await store.get(id))) throw invalid('Coupon already exists.', 'id')
    const percentOff = num(params.percent_off) ?? null
    const amountOff = num(params.amount_off) ?? null
    if (percentOff === null && amountOff === null)
      throw invalid('Missing percent_off or amount_off.', 'percent_off')
    const duration = (str(params.duration) ?? 'once') as Stripe.Coupon.Duration
    const created = buildCoupon({
      id,
      name: str(params.name) ?? null,
      percentOff,
      amountOff,
      currency: str(params.currency) ?? null,
      duration,
      durationInMonths: num(params.duration_in_months) ?? null,
      metadata: metadataOf(params.metadata),
      now: await now(),
    })
    await store.put(created)
    await emit('coupon.created', created)
    return created
  }

  async function updateCoupon(id: string, params: Params): Promise<Stripe.Coupon> {
    const before = await load<Stripe.Coupon>(id, 'coupon')
    const after: Stripe.Coupon = {
      ...before,
      name: str(params.name) ?? before.name,
      metadata: metadataOf(params.metadata, before.metadata ?? {}),
    }
    await store.put(after)
    await emit('coupon.updated', after, changes(before, after, ['name', 'metadata']))
    return after
  }

  async function createTaxRate(params: Params): Promise<Stripe.TaxRate> {
    const displayName = str(params.display_name)
    const percentage = num(params.percentage)
    if (!displayName) throw invalid('Missing required param: display_name.', 'display_name')
    if (percentage === undefined) throw invalid('Missing required param: percentage.', 'percentage')
    const inclusive = bool(params.inclusive)
    if (inclusive === undefined) throw invalid('Missing required param: inclusive.', 'inclusive')
    const created = buildTaxRate({
      displayName,
      percentage,
      inclusive,
      country: str(params.country) ?? null,
      jurisdiction: str(params.jurisdiction) ?? null,
      description: str(params.description) ?? null,
      metadata: metadataOf(params.metadata),
      now: await now(),
    })
    await store.put(created)
    await emit('tax_rate.created', created)
    return created
  }

  async function updateTaxRate(id: string, params: Params): Promise<Stripe.TaxRate> {
    const before = await load<Stripe.TaxRate>(id, 'tax_rate')
    const after: Stripe.TaxRate = {
      ...before,
      active: bool(params.active) ?? before.active,
      display_name: str(params.display_name) ?? before.display_name,
      description: str(params.description) ?? before.description,
      metadata: metadataOf(params.metadata, before.metadata ?? {}),
    }
    await store.put(after)
    await emit('tax_rate.updated', after, changes(before, after, ['active', 'display_name', 'description']))
    return after
  }

  return {
    createProduct,
    updateProduct,
    createPrice,
    updatePrice,
    listPrices,
    createCoupon,
    updateCoupon,
    createTaxRate,
    updateTaxRate,
  }
}

export type Catalogue = ReturnType<typeof createCatalogue>
