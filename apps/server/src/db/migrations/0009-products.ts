import { sql, type Kysely, type Migration } from 'kysely';
import { bigintType, timestampType, type DialectKind } from '../dialect/index';

/**
 * Products of three types. A single or combo product is itself the thing sold; a variation product is sold as
 * its variants (one row per combination of variation values, each with its own SKU, barcode, cost and price).
 * Later documents (sale lines, stock movements) point at (product_id, variant_id) with variant_id '' for a
 * product without variants, so one key shape serves every type.
 *
 * SKUs and barcodes are unique per shop across products AND variants: product_codes holds every code once
 * (normalised), so the database itself refuses a duplicate even under concurrent writes.
 * Money is integer minor units of `currency`; quantities are at QTY_SCALE in the product's base unit.
 */
export function products(kind: DialectKind): Migration {
  const ts = timestampType(kind);
  const big = bigintType(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('products')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('single', 'variation', 'combo')`))
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('sku_code', 'text', (c) => c.notNull())
        .addColumn('barcode', 'text')
        .addColumn('barcode_type', 'text', (c) => c.check(sql`barcode_type in ('ean13', 'code128')`))
        .addColumn('image', 'text')
        .addColumn('description', 'text')
        .addColumn('category_id', 'text')
        .addColumn('brand_id', 'text')
        .addColumn('unit_id', 'text')
        .addColumn('purchase_unit_id', 'text')
        .addColumn('sale_unit_id', 'text')
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('purchase_cost', big, (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`purchase_cost >= 0`),
        )
        .addColumn('sale_cost', big, (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`sale_cost >= 0`),
        )
        .addColumn('discount_cost', big, (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`discount_cost >= 0`),
        )
        .addColumn('stock_alert', big)
        .addColumn('is_stock_manage', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('has_expiry', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_variation_cost', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('all_branches', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('products_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('products_category_fk', ['business_id', 'category_id'], 'categories', ['business_id', 'id'])
        .addForeignKeyConstraint('products_brand_fk', ['business_id', 'brand_id'], 'brands', ['business_id', 'id'])
        .addForeignKeyConstraint('products_unit_fk', ['business_id', 'unit_id'], 'units', ['business_id', 'id'])
        .addForeignKeyConstraint('products_purchase_unit_fk', ['business_id', 'purchase_unit_id'], 'units', ['business_id', 'id'])
        .addForeignKeyConstraint('products_sale_unit_fk', ['business_id', 'sale_unit_id'], 'units', ['business_id', 'id'])
        .execute();

      await db.schema
        .createTable('product_variants')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sku_code', 'text', (c) => c.notNull())
        .addColumn('barcode', 'text')
        .addColumn('barcode_type', 'text', (c) => c.check(sql`barcode_type in ('ean13', 'code128')`))
        .addColumn('purchase_cost', big, (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`purchase_cost >= 0`),
        )
        .addColumn('sale_cost', big, (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`sale_cost >= 0`),
        )
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('product_variants_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('product_variants_product_fk', ['business_id', 'product_id'], 'products', ['business_id', 'id'], (c) =>
          c.onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createIndex('product_variants_product')
        .on('product_variants')
        .columns(['business_id', 'product_id', 'sort_order'])
        .execute();

      // Which variation value each variant stands for (one per variation chosen); the label is kept on the variant.
      await db.schema
        .createTable('product_variant_values')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull())
        .addColumn('variation_id', 'text', (c) => c.notNull())
        .addColumn('variation_value_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_variant_values_pk', ['business_id', 'variant_id', 'variation_id'])
        .addForeignKeyConstraint(
          'product_variant_values_variant_fk',
          ['business_id', 'variant_id'],
          'product_variants',
          ['business_id', 'id'],
          (c) => c.onDelete('cascade'),
        )
        // A variation or value that variants stand for cannot be deleted (the setting screens answer 409).
        .addForeignKeyConstraint('product_variant_values_variation_fk', ['business_id', 'variation_id'], 'variations', [
          'business_id',
          'id',
        ])
        .addForeignKeyConstraint('product_variant_values_value_fk', ['business_id', 'variation_value_id'], 'variation_values', [
          'business_id',
          'id',
        ])
        .execute();
      await db.schema
        .createIndex('product_variant_values_value')
        .on('product_variant_values')
        .columns(['business_id', 'variation_value_id'])
        .execute();

      // A combo's components: a product (and its variant, '' when it has none) and how many of it, at QTY_SCALE.
      await db.schema
        .createTable('combo_items')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('item_product_id', 'text', (c) => c.notNull())
        .addColumn('item_variant_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('quantity', big, (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('combo_items_pk', ['business_id', 'product_id', 'item_product_id', 'item_variant_id'])
        .addForeignKeyConstraint('combo_items_product_fk', ['business_id', 'product_id'], 'products', ['business_id', 'id'], (c) =>
          c.onDelete('cascade'),
        )
        .addForeignKeyConstraint('combo_items_item_fk', ['business_id', 'item_product_id'], 'products', ['business_id', 'id'])
        .execute();
      await db.schema.createIndex('combo_items_item').on('combo_items').columns(['business_id', 'item_product_id']).execute();

      // The branches a product is sold in, when it is not sold in all of them (products.all_branches = 0).
      await db.schema
        .createTable('product_branches')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_branches_pk', ['business_id', 'product_id', 'branch_id'])
        .addForeignKeyConstraint('product_branches_product_fk', ['business_id', 'product_id'], 'products', ['business_id', 'id'], (c) =>
          c.onDelete('cascade'),
        )
        .addForeignKeyConstraint('product_branches_branch_fk', ['business_id', 'branch_id'], 'branches', ['business_id', 'id'])
        .execute();

      // Every SKU and barcode of the shop, once: kind 'sku' (code lower-cased) or 'barcode' (as scanned).
      await db.schema
        .createTable('product_codes')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('sku', 'barcode')`))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull().defaultTo(''))
        .addPrimaryKeyConstraint('product_codes_pk', ['business_id', 'kind', 'code'])
        .addForeignKeyConstraint('product_codes_product_fk', ['business_id', 'product_id'], 'products', ['business_id', 'id'], (c) =>
          c.onDelete('cascade'),
        )
        .execute();
      await db.schema.createIndex('product_codes_product').on('product_codes').columns(['business_id', 'product_id']).execute();

      // List orders and filters, each ending in id for stable keyset-friendly paging (see 0003).
      const idx = (name: string, columns: string[]) =>
        db.schema
          .createIndex(name)
          .on('products')
          .columns(['business_id', ...columns, 'id'])
          .execute();
      await idx('products_business_name_id', ['product_name']);
      await idx('products_business_created_id', ['created_at']);
      await idx('products_business_sku_id', ['sku_code']);
      await idx('products_business_price_id', ['sale_cost']);
      await idx('products_business_status_name', ['status', 'product_name']);
      await idx('products_business_category_name', ['category_id', 'product_name']);
      await idx('products_business_brand_name', ['brand_id', 'product_name']);
      await idx('products_business_type_name', ['type', 'product_name']);
      await db.schema.createIndex('products_business_unit').on('products').columns(['business_id', 'unit_id']).execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['product_codes', 'product_branches', 'combo_items', 'product_variant_values', 'product_variants', 'products']) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  };
}
