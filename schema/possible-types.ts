
      export interface PossibleTypesResultData {
        possibleTypes: {
          [key: string]: string[]
        }
      }
      const result: PossibleTypesResultData = {
  "possibleTypes": {
    "CartItem": [
      "CartLineProduct",
      "CartLineVariant"
    ],
    "CatalogProduct": [
      "Product"
    ],
    "PerformanceCounts": [
      "MediaPerformance",
      "PlacementPerformance",
      "StorePerformance"
    ]
  }
};
      export default result;
    