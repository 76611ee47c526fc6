-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "CatalogMeta" (
    "id" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CatalogMeta_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Store" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "marketplace" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "marginRatePpm" INTEGER NOT NULL,

    CONSTRAINT "Store_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShippingMethod" (
    "storeId" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "priceMinor" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "ShippingMethod_pkey" PRIMARY KEY ("storeId","code")
);

-- CreateTable
CREATE TABLE "TaxRate" (
    "id" SERIAL NOT NULL,
    "storeId" INTEGER NOT NULL,
    "countryCode" TEXT,
    "provinceCode" TEXT,
    "ratePpm" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "TaxRate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Product" (
    "id" INTEGER NOT NULL,
    "externalId" TEXT,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "brand" TEXT,
    "url" TEXT,
    "priceMinor" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "category" TEXT,
    "isAvailable" BOOLEAN NOT NULL,
    "images" JSONB NOT NULL,
    "nativeCheckout" BOOLEAN NOT NULL,
    "variants" JSONB NOT NULL,

    CONSTRAINT "Product_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Sku" (
    "id" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "externalId" TEXT,
    "merchantId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "inStock" BOOLEAN NOT NULL,
    "qtyAvailable" INTEGER NOT NULL,
    "salePriceMinor" INTEGER,
    "retailPriceMinor" INTEGER,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "taxable" BOOLEAN NOT NULL,
    "taxType" TEXT,
    "dateCreated" TIMESTAMP(3),
    "dateLastModified" TIMESTAMP(3),
    "variantValues" JSONB NOT NULL,
    "dimensions" JSONB NOT NULL,
    "position" INTEGER NOT NULL,
    "listed" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "Sku_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Media" (
    "id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "platform" TEXT,

    CONSTRAINT "Media_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MediaProduct" (
    "mediaId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,

    CONSTRAINT "MediaProduct_pkey" PRIMARY KEY ("mediaId","position")
);

-- CreateTable
CREATE TABLE "SimilarProduct" (
    "productId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "similarProductId" INTEGER NOT NULL,

    CONSTRAINT "SimilarProduct_pkey" PRIMARY KEY ("productId","position")
);

-- CreateTable
CREATE TABLE "Cart" (
    "id" TEXT NOT NULL,
    "currency" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Cart_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BuyerIdentity" (
    "cartId" TEXT NOT NULL,
    "firstName" TEXT,
    "lastName" TEXT,
    "address1" TEXT,
    "address2" TEXT,
    "city" TEXT,
    "provinceCode" TEXT,
    "countryCode" TEXT,
    "postalCode" TEXT,
    "email" TEXT,
    "phone" TEXT,

    CONSTRAINT "BuyerIdentity_pkey" PRIMARY KEY ("cartId")
);

-- CreateTable
CREATE TABLE "CartStore" (
    "cartId" TEXT NOT NULL,
    "storeId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "selectedShippingMethodId" TEXT,
    "isSubmitted" BOOLEAN NOT NULL DEFAULT false,
    "requestId" TEXT,
    "submittedAt" TIMESTAMP(3),

    CONSTRAINT "CartStore_pkey" PRIMARY KEY ("cartId","storeId")
);

-- CreateTable
CREATE TABLE "CartLine" (
    "cartId" TEXT NOT NULL,
    "skuId" INTEGER NOT NULL,
    "storeId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "CartLine_pkey" PRIMARY KEY ("cartId","skuId")
);

-- CreateTable
CREATE TABLE "Order" (
    "id" TEXT NOT NULL,
    "cartId" TEXT NOT NULL,
    "storeId" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "requestId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "subtotalMinor" BIGINT NOT NULL,
    "shippingMinor" BIGINT NOT NULL,
    "taxMinor" BIGINT NOT NULL,
    "totalMinor" BIGINT NOT NULL,
    "shippingMethodId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Order_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrderEvent" (
    "id" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "OrderEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RequiredAction" (
    "id" SERIAL NOT NULL,
    "orderId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "RequiredAction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdempotencyRecord" (
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "statusCode" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdempotencyRecord_pkey" PRIMARY KEY ("scope","key")
);

-- CreateIndex
CREATE INDEX "TaxRate_storeId_idx" ON "TaxRate"("storeId");

-- CreateIndex
CREATE INDEX "Product_category_idx" ON "Product"("category");

-- CreateIndex
CREATE INDEX "Product_brand_idx" ON "Product"("brand");

-- CreateIndex
CREATE INDEX "Sku_productId_position_idx" ON "Sku"("productId", "position");

-- CreateIndex
CREATE INDEX "Sku_merchantId_idx" ON "Sku"("merchantId");

-- CreateIndex
CREATE UNIQUE INDEX "Media_type_slug_key" ON "Media"("type", "slug");

-- CreateIndex
CREATE INDEX "MediaProduct_productId_idx" ON "MediaProduct"("productId");

-- CreateIndex
CREATE UNIQUE INDEX "MediaProduct_mediaId_productId_key" ON "MediaProduct"("mediaId", "productId");

-- CreateIndex
CREATE UNIQUE INDEX "SimilarProduct_productId_similarProductId_key" ON "SimilarProduct"("productId", "similarProductId");

-- CreateIndex
CREATE INDEX "CartLine_cartId_position_idx" ON "CartLine"("cartId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "Order_cartId_storeId_key" ON "Order"("cartId", "storeId");

-- CreateIndex
CREATE UNIQUE INDEX "OrderEvent_orderId_position_key" ON "OrderEvent"("orderId", "position");

-- CreateIndex
CREATE INDEX "RequiredAction_orderId_idx" ON "RequiredAction"("orderId");

-- CreateIndex
CREATE INDEX "IdempotencyRecord_createdAt_idx" ON "IdempotencyRecord"("createdAt");

-- AddForeignKey
ALTER TABLE "ShippingMethod" ADD CONSTRAINT "ShippingMethod_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaxRate" ADD CONSTRAINT "TaxRate_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Sku" ADD CONSTRAINT "Sku_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Sku" ADD CONSTRAINT "Sku_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Store"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MediaProduct" ADD CONSTRAINT "MediaProduct_mediaId_fkey" FOREIGN KEY ("mediaId") REFERENCES "Media"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MediaProduct" ADD CONSTRAINT "MediaProduct_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SimilarProduct" ADD CONSTRAINT "SimilarProduct_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SimilarProduct" ADD CONSTRAINT "SimilarProduct_similarProductId_fkey" FOREIGN KEY ("similarProductId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BuyerIdentity" ADD CONSTRAINT "BuyerIdentity_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CartStore" ADD CONSTRAINT "CartStore_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CartStore" ADD CONSTRAINT "CartStore_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CartLine" ADD CONSTRAINT "CartLine_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CartLine" ADD CONSTRAINT "CartLine_skuId_fkey" FOREIGN KEY ("skuId") REFERENCES "Sku"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CartLine" ADD CONSTRAINT "CartLine_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderEvent" ADD CONSTRAINT "OrderEvent_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RequiredAction" ADD CONSTRAINT "RequiredAction_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
