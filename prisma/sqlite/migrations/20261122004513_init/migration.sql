-- CreateTable
CREATE TABLE "CatalogMeta" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "version" INTEGER NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Store" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "marketplace" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "marginRatePpm" INTEGER NOT NULL
);

-- CreateTable
CREATE TABLE "ShippingMethod" (
    "storeId" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "priceMinor" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,

    PRIMARY KEY ("storeId", "code"),
    CONSTRAINT "ShippingMethod_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TaxRate" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "storeId" INTEGER NOT NULL,
    "countryCode" TEXT,
    "provinceCode" TEXT,
    "ratePpm" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    CONSTRAINT "TaxRate_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Product" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
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
    "variants" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "Sku" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
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
    "dateCreated" DATETIME,
    "dateLastModified" DATETIME,
    "variantValues" JSONB NOT NULL,
    "dimensions" JSONB NOT NULL,
    "position" INTEGER NOT NULL,
    "listed" BOOLEAN NOT NULL DEFAULT true,
    CONSTRAINT "Sku_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Sku_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Store" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Media" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "type" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "platform" TEXT
);

-- CreateTable
CREATE TABLE "MediaProduct" (
    "mediaId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,

    PRIMARY KEY ("mediaId", "position"),
    CONSTRAINT "MediaProduct_mediaId_fkey" FOREIGN KEY ("mediaId") REFERENCES "Media" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "MediaProduct_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SimilarProduct" (
    "productId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "similarProductId" INTEGER NOT NULL,

    PRIMARY KEY ("productId", "position"),
    CONSTRAINT "SimilarProduct_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SimilarProduct_similarProductId_fkey" FOREIGN KEY ("similarProductId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Cart" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "currency" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "BuyerIdentity" (
    "cartId" TEXT NOT NULL PRIMARY KEY,
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
    CONSTRAINT "BuyerIdentity_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CartStore" (
    "cartId" TEXT NOT NULL,
    "storeId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "selectedShippingMethodId" TEXT,
    "isSubmitted" BOOLEAN NOT NULL DEFAULT false,
    "requestId" TEXT,
    "submittedAt" DATETIME,

    PRIMARY KEY ("cartId", "storeId"),
    CONSTRAINT "CartStore_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CartStore_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CartLine" (
    "cartId" TEXT NOT NULL,
    "skuId" INTEGER NOT NULL,
    "storeId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,

    PRIMARY KEY ("cartId", "skuId"),
    CONSTRAINT "CartLine_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CartLine_skuId_fkey" FOREIGN KEY ("skuId") REFERENCES "Sku" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "CartLine_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Order" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Order_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Order_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "OrderEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "orderId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "position" INTEGER NOT NULL,
    CONSTRAINT "OrderEvent_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RequiredAction" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orderId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    CONSTRAINT "RequiredAction_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "IdempotencyRecord" (
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "statusCode" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("scope", "key")
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
